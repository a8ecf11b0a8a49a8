import { hasSignedInHint } from '@sleep-ritual/contracts/signed-in-hint';

/**
 * Whether /sign-in (with the query `search`) asks who is signed in: for an e-mailed sign-in link
 * (`?token=`), and where a session may have started (the signed-in hint, SIGNED_IN_HINT_COOKIE).
 * Anywhere else the visitor is signed out, and the answer would be a 401.
 */
export const signInAsksWhoIsSignedIn = (search: string) =>
  new URLSearchParams(search).has('token') || hasSignedInHint(document.cookie);
