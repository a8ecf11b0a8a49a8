import { describe, expect, it } from 'vitest';
import { isMembersAppRoute, routePattern } from '../src/app-routes.ts';

describe("the members app's routes (spec 000 §2)", () => {
  it.each([
    '/sign-in',
    '/sign-in/',
    '/reset-password?token=abc',
    '/create-account?order_id=123#top',
    '/my-programs',
    '/programs/my-programs',
    '/program/12',
    '/program/12/path/3',
    '/program/12/path/3/class/45/',
    '/account',
    '/account/unsubscribe?token=abc',
    '/account/deleted',
    '/admin',
    '/admin/programs/1/phases',
    '/admin/no-such-screen',
  ])('%s is one of its screens', (path) => {
    expect(isMembersAppRoute(path)).toBe(true);
  });

  it.each([
    '/',
    '/join-now',
    '/programs',
    '/program',
    '/program/abc',
    '/program/0',
    '/program/012/path/3',
    '/program/12/class/3',
    '/my-programs/3',
    '/account/settings',
    '/sign-in/again',
    '/administrator',
    '/api/my-programs',
  ])("%s is not: the marketing site's (its 404 page when it has none)", (path) => {
    expect(isMembersAppRoute(path)).toBe(false);
  });

  it('writes a route as the anchored expression nginx uses too', () => {
    expect(routePattern('/program/{id}/path/{id}')).toBe('^/program/[1-9][0-9]{0,9}/path/[1-9][0-9]{0,9}/?$');
    expect(routePattern('/sign-in')).toBe('^/sign-in/?$');
  });
});
