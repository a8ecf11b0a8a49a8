import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import { firstScreen } from './first-screen.ts';

const urls = (pathname: string, search = '') => firstScreen(pathname, search).calls.map((call) => call.url);

describe('the first screen’s calls, which the entry sends before the app has arrived', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('on "Your Programs": who is signed in and the cards, and the first render waits for them', () => {
    for (const pathname of ['/my-programs', '/my-programs/', '/programs/my-programs']) {
      expect(urls(pathname)).toEqual(['/api/user', '/api/programs', '/api/my-programs']);
      expect(firstScreen(pathname, '')).toMatchObject({ waitsForWhoIsSignedIn: true, myPrograms: true });
    }
  });

  it("on the members' other screens: who is signed in, waited for", () => {
    for (const pathname of ['/account', '/program/1', '/program/1/path/2/class/3']) {
      expect(urls(pathname)).toEqual(['/api/user']);
      expect(firstScreen(pathname, '').waitsForWhoIsSignedIn).toBe(true);
    }
  });

  it('on sign-in: nothing for a browser that never signed in here; the check, not waited for, otherwise', () => {
    expect(urls('/sign-in')).toEqual([]);
    expect(urls('/sign-in', '?token=abc')).toEqual(['/api/user']);
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    expect(urls('/sign-in')).toEqual(['/api/user']);
    expect(firstScreen('/sign-in', '').waitsForWhoIsSignedIn).toBe(false);
  });

  it("nothing on the e-mailed links' pages, which ask later or never", () => {
    for (const pathname of [
      '/create-account',
      '/reset-password',
      '/forgot-password',
      '/account/unsubscribe',
      '/admin',
    ]) {
      expect(urls(pathname, '?token=abc')).toEqual([]);
    }
  });

  it('loads with each call the contract that checks its answer', async () => {
    const [user, programs] = firstScreen('/my-programs', '').calls;
    expect(Object.keys((await user!.contract()) as object)).toContain('currentUserSchema');
    expect(Object.keys((await programs!.contract()) as object)).toContain('programListSchema');
  });
});
