import type { FirstCall } from '../../../lib/first-call.ts';

/** Who is signed in (spec 000 §7), asked at once by the members' screens and, with a hint, sign-in. */
export const currentUserCall: FirstCall<typeof import('@sleep-ritual/contracts/user')> = {
  url: '/api/user',
  contract: () => import('@sleep-ritual/contracts/user'),
};
