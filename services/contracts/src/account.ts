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
    username: z.string().nullable(),
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
      /** A payment plan's instalment that failed, the grace it gave, and ThriveCart's times of the newest events. */
      paymentFailedAt: z.string().nullable(),
      graceEndsAt: z.string().nullable(),
      paymentEventAt: z.string().nullable(),
      planEventAt: z.string().nullable(),
      purchasedAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** Orders from the member's address whose items wait for support to map them to a programme. */
  ordersAwaitingMapping: z.array(z.object({ orderId: z.string(), item: z.string(), receivedAt: z.string() })),
  /** What the admins did on the account (an e-mail resent, the address changed), never who or from where. */
  adminActions: z.array(
    z.object({ action: z.string(), at: z.string(), details: z.record(z.string(), z.unknown()) }),
  ),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The download's file name: dated, so several downloads do not overwrite each other. */
export const accountExportFileName = (at: Date) =>
  `sleep-ritual-my-data-${at.toISOString().slice(0, 10)}.json`;

/** DELETE /api/account answers 204, no body. */
export const accountDeletedSchema = z.undefined();
