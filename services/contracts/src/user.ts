import { z } from 'zod';

export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * The answer of a sign-in by the e-mailed link or code: the member, and `passwordEnded` when the sign-in
 * ended a password set through a checkout redirect before anyone proved the address.
 */
export const mailedSignInSchema = currentUserSchema.extend({ passwordEnded: z.literal(true).optional() });
export type MailedSignInAnswer = z.infer<typeof mailedSignInSchema>;
