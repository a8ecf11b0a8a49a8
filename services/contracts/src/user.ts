import { z } from 'zod';

export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * A readable, non-secret cookie that only says "a session was started here". The sales pages check it
 * before asking /api/user, so an anonymous visitor's page makes no call that is bound to answer 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'sr_signed_in';
