/** Spec 000 §2: a target beginning with http:// or https:// is a full-page navigation. */
export function isExternalTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

/** The marketing pages live outside the SPA on the same origin: they need a full navigation too. */
const SPA_PREFIXES = [
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

export function isAppRoute(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return SPA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
