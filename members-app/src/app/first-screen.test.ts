import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import { RequireAuth } from '../features/auth/components/RouteGuards.tsx';
import { getPrograms } from '../features/learning/api/get-programs.ts';
import { fallbackImages } from '../features/learning/lib/images.ts';
import { endAdminPreview, startAdminPreviewFromAddress } from '../lib/admin-preview.ts';
import { dropEarly } from '../lib/early-answers.ts';
import { sample } from '../test/fixtures/catalog.ts';
import { firstScreen, sendFirstCalls } from './first-screen.ts';
import { routes } from './router.tsx';

const urls = (pathname: string, search = '') => firstScreen(pathname, search).calls.map((call) => call.url);

/** The cookie the server sets with a session (SIGNED_IN_HINT_COOKIE): someone may be signed in here. */
const signedInHere = () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
};
const forgetSignedIn = () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

describe('the first screen’s calls, which the entry sends before the app has arrived', () => {
  afterEach(forgetSignedIn);

  it('on "Your Programs": who is signed in, the cards, tonight and the check-in, and the first render waits for them', () => {
    signedInHere();
    for (const pathname of ['/my-programs', '/my-programs/', '/programs/my-programs']) {
      expect(urls(pathname)).toEqual([
        '/api/user',
        '/api/programs',
        '/api/my-programs',
        '/api/my-programs/tonight',
        '/api/progress/check-ins',
      ]);
      expect(firstScreen(pathname, '')).toMatchObject({ waitsForWhoIsSignedIn: true, myPrograms: true });
    }
  });

  it('on "Your Programs" in a browser where nobody signed in: only who is signed in, to be sent to sign in', () => {
    for (const pathname of ['/my-programs', '/programs/my-programs']) {
      expect(urls(pathname)).toEqual(['/api/user']);
      expect(firstScreen(pathname, '')).toMatchObject({ waitsForWhoIsSignedIn: true, myPrograms: false });
    }
  });

  it("on the members' other screens: who is signed in, waited for", () => {
    for (const pathname of ['/account', '/program/1', '/program/1/path/2/class/3']) {
      expect(urls(pathname)).toEqual(['/api/user']);
      expect(firstScreen(pathname, '').waitsForWhoIsSignedIn).toBe(true);
    }
  });

  it('waits for who is signed in on exactly the screens the router keeps for members (RequireAuth)', () => {
    // Each route's address with its parameters filled in, and whether RequireAuth guards it.
    const addresses = (list: RouteObject[], guarded: boolean): [string, boolean][] =>
      list.flatMap((route) => {
        const underGuard = guarded || (isValidElement(route.element) && route.element.type === RequireAuth);
        const own: [string, boolean][] =
          route.path && route.path !== '*'
            ? [[route.path.replace(/:\w+/g, '7').replace('/*', ''), underGuard]]
            : [];
        return [...own, ...addresses(route.children ?? [], underGuard)];
      });
    const all = addresses(routes, false);
    expect(all.filter(([, guarded]) => guarded).length).toBeGreaterThan(3);
    for (const [pathname, guarded] of all) {
      expect(firstScreen(pathname, '').waitsForWhoIsSignedIn, pathname).toBe(guarded);
    }
  });

  it('on sign-in: nothing for a browser that never signed in here; the check, not waited for, otherwise', () => {
    expect(urls('/sign-in')).toEqual([]);
    expect(urls('/sign-in', '?token=abc')).toEqual(['/api/user']);
    signedInHere();
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
    signedInHere();
    const [user, programs, , tonight, checkIns] = firstScreen('/my-programs', '').calls;
    expect(Object.keys((await user!.contract()) as object)).toContain('currentUserSchema');
    expect(Object.keys((await programs!.contract()) as object)).toContain('programListSchema');
    expect(Object.keys((await tonight!.contract()) as object)).toContain('tonightListSchema');
    expect(Object.keys((await checkIns!.contract()) as object)).toContain('sleepCheckInsSchema');
  });
});

describe('the first calls, sent by the entry', () => {
  const card = (cardImageUrl: string | null) => sample.program({ cardImageUrl });
  beforeEach(signedInHere);
  afterEach(() => {
    forgetSignedIn();
    dropEarly();
    endAdminPreview();
    vi.unstubAllGlobals();
  });

  /** A server answering the cards with `programs`, and a browser recording the pictures asked for. */
  function stubBrowser(programs: unknown) {
    const server = vi.fn(async (url: string) =>
      url === '/api/programs'
        ? new Response(JSON.stringify(programs), { status: 200 })
        : new Response('', { status: 401 }),
    );
    vi.stubGlobal('fetch', server);
    const pictures: { src: string; fetchPriority: string }[] = [];
    vi.stubGlobal(
      'Image',
      class {
        fetchPriority = 'auto';
        constructor() {
          pictures.push(this as unknown as { src: string; fetchPriority: string });
        }
      },
    );
    return { server, pictures };
  }

  it('on "Your Programs": sends them with the session cookie and asks for the first card\'s picture; the app still reads the cards\' answer', async () => {
    const { server, pictures } = stubBrowser([card('/media/images/night-sky.webp'), card(null)]);
    sendFirstCalls(firstScreen('/my-programs', ''));
    expect(server.mock.calls).toEqual([
      ['/api/user', { credentials: 'include' }],
      ['/api/programs', { credentials: 'include' }],
      ['/api/my-programs', { credentials: 'include' }],
      ['/api/my-programs/tonight', { credentials: 'include' }],
      ['/api/progress/check-ins', { credentials: 'include' }],
    ]);
    await vi.waitFor(() =>
      expect(pictures).toEqual([{ src: '/media/images/night-sky.webp', fetchPriority: 'high' }]),
    );
    expect((await getPrograms()).map((program) => program.cardImageUrl)).toEqual([
      '/media/images/night-sky.webp',
      null,
    ]);
    expect(server).toHaveBeenCalledTimes(5);
  });

  it('asks for the night-sky picture when the first card has none, and for no picture without cards', async () => {
    const { pictures } = stubBrowser([card(null)]);
    sendFirstCalls(firstScreen('/my-programs', ''));
    await vi.waitFor(() =>
      expect(pictures.map((picture) => picture.src)).toEqual([fallbackImages.programCard]),
    );
    dropEarly();
    const none = stubBrowser([]);
    sendFirstCalls(firstScreen('/my-programs', ''));
    await getPrograms();
    expect(none.pictures).toEqual([]);
  });

  it("sends nothing in an admin's learner preview, whose calls carry the preview header", () => {
    const { server } = stubBrowser([card(null)]);
    window.history.replaceState(null, '', '/my-programs?preview');
    startAdminPreviewFromAddress();
    sendFirstCalls(firstScreen('/my-programs', ''));
    expect(server).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });
});
