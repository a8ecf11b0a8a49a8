import { z } from 'zod';

export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
