import { isMembersAppRoute, membersAppRoutes } from '@sleep-ritual/contracts/app-routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeId } from '../features/learning/lib/routes.ts';
import { routes } from './router.tsx';

/** The router's leaf route for a path: the screen it shows ('*' is the not-found screen). */
function screenFor(path: string): string | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route.path;
}

function screenPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...screenPaths(route.children ?? []),
  ]);
}

describe('the router and the routes the servers answer with the app (contracts/app-routes)', () => {
  it.each(membersAppRoutes)('%s, which the servers answer with the app, is a screen of it', (route) => {
    expect(screenFor(route.replaceAll('{id}', '7'))).not.toBe('*');
  });

  it.each(screenPaths(routes))('the servers answer the screen %s with the app', (screen) => {
    expect(isMembersAppRoute(screen.replace(/:\w+/g, '7').replace(/\*$/, 'programs'))).toBe(true);
  });
});

describe('ids in the address bar', () => {
  it.each(['0', '012', '12345678901', '1e3'])(
    '%s is no id, in the app as on a reload (the servers answer 404)',
    (id) => {
      expect(routeId(id)).toBeNull();
      expect(isMembersAppRoute(`/program/${id}`)).toBe(false);
    },
  );

  it('a record number is one; one past the largest the database holds is none (the screen says Not Found)', () => {
    expect(routeId('2147483647')).toBe(2_147_483_647);
    expect(routeId('2147483648')).toBeNull();
    expect(routeId('12')).toBe(12);
    expect(isMembersAppRoute('/program/12')).toBe(true);
  });
});
