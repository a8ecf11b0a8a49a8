import { z } from 'zod';

/**
 * GET /api/account/export: everything kept about the signed-in member, as a JSON download. Never a
 * password hash, a token or a session. `data` holds one entry per table of the member's own rows (the
 * auth service's member-data list), so a new table shows up here without a change to this contract.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    createdAt: z.string(),
    emailVerified: z.boolean(),
    lastSignInAt: z.string().nullable(),
  }),
  purchases: z.array(
    z.object({
      orderId: z.string().nullable(),
      program: z.string(),
      items: z.array(z.string()),
      refundedItems: z.array(z.string()),
      status: z.string(),
      planStatus: z.string().nullable(),
      purchasedAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The download's file name: dated, so several downloads do not overwrite each other. */
export const accountExportFileName = (at: Date) =>
  `sleep-ritual-my-data-${at.toISOString().slice(0, 10)}.json`;

/** DELETE /api/account answers 204, no body. */
export const accountDeletedSchema = z.undefined();
