/** Where a member lands once their account is deleted (no sign-in: there is no account any more). */
export const ACCOUNT_DELETED_ROUTE = '/account/deleted';

/** The two addresses of "Your Programs" (spec 000 §2), one screen. */
export const myProgramsRoutes: readonly string[] = ['/my-programs', '/programs/my-programs'];

/**
 * The members SPA's screens (spec 000 §2): each answers the SPA's index.html, with or without a
 * trailing slash; `{id}` stands for a record's number. Every other path not under /api is the marketing
 * site's, so an unknown one (`/programs`, `/account/settings`) gets its 404 page with status 404. The
 * gateway, the nginx config, the service worker and the SPA's own links all read this one list.
 */
export const membersAppRoutes: readonly string[] = [
  '/sign-in',
  '/forgot-password',
  '/reset-password',
  '/create-account',
  ...myProgramsRoutes,
  '/program/{id}',
  '/program/{id}/path/{id}',
  '/program/{id}/path/{id}/class/{id}',
  '/account',
  '/account/unsubscribe',
  ACCOUNT_DELETED_ROUTE,
];

/**
 * The admin area (spec 001 §2) is the SPA's too, all of it: behind its password form it has its own
 * not-found screen for any other route.
 */
export const adminAreaPrefix = '/admin';

/** What `{id}` matches in a route: a record's number as the app's own links write it (no 0, no leading zero). */
const ID_PATTERN = '[1-9][0-9]{0,9}';

/**
 * The regular expression of a route, anchored, trailing slash optional: `^/program/[1-9][0-9]{0,9}/?$`. nginx's
 * regex locations use the same text.
 */
export function routePattern(route: string): string {
  const parts = route.split('{id}').map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return `^${parts.join(ID_PATTERN)}/?$`;
}

const idExpression = new RegExp(`^${ID_PATTERN}$`);

/** Whether an address's segment is a record's number as `{id}` matches it, so the app and the servers agree. */
export function isRouteId(segment: string): boolean {
  return idExpression.test(segment);
}

const routeExpressions = membersAppRoutes.map((route) => new RegExp(routePattern(route)));

/** A path is a prefix's when it is the prefix or lies below it (`/admin/…`, not `/administrator`). */
export function isUnderPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a path or link (query and hash ignored) is one of the members SPA's screens. */
export function isMembersAppRoute(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return (
    isUnderPrefix(pathname, adminAreaPrefix) ||
    routeExpressions.some((expression) => expression.test(pathname))
  );
}
