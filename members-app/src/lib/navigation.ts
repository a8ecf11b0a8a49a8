import { isMembersAppRoute } from '@sleep-ritual/contracts/app-routes';

/** Spec 000 §2: a target beginning with http:// or https:// is a full-page navigation. */
export function isExternalTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

/** The marketing pages live outside the SPA on the same origin: they need a full navigation too. */
export function isAppRoute(path: string): boolean {
  return isMembersAppRoute(path);
}
