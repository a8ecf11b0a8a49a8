// No zod here: the sales pages and the members app's first screen read the hint before anything else loads.

/**
 * A readable, non-secret cookie that only says "a session was started here". The sales pages check it
 * before asking /api/user, so an anonymous visitor's page makes no call that is bound to answer 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'sr_signed_in';

/** Whether a page's cookies (`document.cookie`) carry the signed-in hint: without it, nobody is signed in. */
export const hasSignedInHint = (cookies: string): boolean =>
  cookies.split(/;\s*/).some((pair) => pair.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * /api/user's 401 message to a device whose session ended because its member deleted the account: the
 * app takes what it kept for them (saved nights, progress waiting to be sent) off the device.
 */
export const ACCOUNT_DELETED = 'This account has been deleted.';
