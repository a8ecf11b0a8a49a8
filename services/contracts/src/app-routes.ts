/**
 * Routes the members SPA answers (its index.html); every other path not under /api is the marketing
 * site's. The gateway, the nginx config and the SPA's own links all read this one list.
 */
export const membersAppRoutes: readonly string[] = [
  '/sign-in',
  '/my-programs',
  '/programs',
  '/program',
  '/account',
  '/forgot-password',
  '/reset-password',
  '/create-account',
  '/admin',
];

/** A path is a prefix's when it is the prefix or lies below it (`/admin/…`, not `/administrator`). */
export function isUnderPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a path or link (query and hash ignored) belongs to the members SPA. */
export function isMembersAppRoute(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return membersAppRoutes.some((prefix) => isUnderPrefix(pathname, prefix));
}
