import type { AccountExport } from '@sleep-ritual/contracts/account';
import {
  ADDRESS_NOT_PROVEN_TO_DELETE,
  ADDRESS_NOT_PROVEN_TO_EXPORT,
  INVALID_SIGN_IN_CODE,
  WRONG_ACCOUNT_PASSWORD,
  type DeleteAccountBody,
} from '@sleep-ritual/contracts/auth';
import { recordDeletedAccount } from '../data/deleted-accounts.ts';
import { ForbiddenError, UnauthorizedError } from '@sleep-ritual/platform/errors';
import { iso, isoOrNull } from '@sleep-ritual/platform/dates';
import { DELETED_ACCOUNT } from '@sleep-ritual/platform/http/session';
import { verifyPassword } from '@sleep-ritual/platform/passwords';
import { consumeSignInCode } from '../tokens/sign-in-tokens.ts';
import {
  anonymiseUser,
  forgetAddress,
  readAdminActions,
  readOrderIds,
  readOrdersAwaitingMapping,
  readProfile,
  readPurchases,
  recordSelfDeletion,
} from '../data/account.ts';
import { deleteMemberTables, readMemberTables } from '../data/member-data.ts';
import { findUserById } from '../data/users.ts';
import type { AuthDeps } from '../deps.ts';

/**
 * Everything kept about the member (download my data): never a password hash, token or session. Only
 * for an address someone proved they read: a session that came from a password set through a checkout
 * redirect (by whoever typed the address) gets nothing; signing in by the e-mailed link or code proves it.
 */
export async function exportAccount({ db }: AuthDeps, userId: number, now: Date): Promise<AccountExport> {
  const profile = await readProfile(db, userId);
  if (!profile) throw new UnauthorizedError('Not signed in');
  if (!profile.emailVerified) throw new ForbiddenError(ADDRESS_NOT_PROVEN_TO_EXPORT);
  const [purchases, waiting, adminActions, data] = await Promise.all([
    readPurchases(db, userId),
    readOrdersAwaitingMapping(db, profile.email),
    readAdminActions(db, userId),
    readMemberTables(db, userId),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...profile,
      createdAt: iso(profile.createdAt),
      lastSignInAt: isoOrNull(profile.lastSignInAt),
    },
    purchases: purchases.map((purchase) => ({
      ...purchase,
      paymentFailedAt: isoOrNull(purchase.paymentFailedAt),
      graceEndsAt: isoOrNull(purchase.graceEndsAt),
      paymentEventAt: isoOrNull(purchase.paymentEventAt),
      planEventAt: isoOrNull(purchase.planEventAt),
      purchasedAt: iso(purchase.purchasedAt),
      updatedAt: iso(purchase.updatedAt),
    })),
    ordersAwaitingMapping: waiting.map((order) => ({ ...order, receivedAt: iso(order.receivedAt) })),
    adminActions: adminActions.map((entry) => ({ ...entry, at: iso(entry.at) })),
    data,
  };
}

/**
 * Deletes the member's account once they proved it is theirs (their password, when someone proved they
 * read the address; otherwise the code of a fresh sign-in e-mail, as for a member without a password):
 * their own rows and tokens go, reminders stop with them, the orders stay for the books without address
 * or names, and a tombstone keeps those orders from recreating them. Every session of theirs ends. A
 * wrong proof, or a password set through a checkout redirect, changes nothing; so does a session store
 * that cannot end the sessions (503). The jobs of those orders
 * that were never provisioned (failed, or waiting to be retried) drop the address too; if the queue store
 * does not answer, the deletion stands and the address stays in those jobs, which provision nothing.
 */
export async function deleteAccount(
  deps: AuthDeps,
  userId: number,
  proof: DeleteAccountBody,
  /** Takes a try at a code from the budgets that sign-in by code spends (takeSignInAttempt's). */
  takeCodeAttempt: (email: string) => Promise<unknown>,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError('Not signed in');
  if ('password' in proof) {
    // Whoever typed the address at checkout may have set it: it would tombstone the owner's orders too.
    if (user.password && !user.emailVerified) throw new ForbiddenError(ADDRESS_NOT_PROVEN_TO_DELETE);
    if (!user.password || !(await verifyPassword(user.password, proof.password)))
      throw new ForbiddenError(WRONG_ACCOUNT_PASSWORD);
  } else {
    // A code guessed here counts as one guessed at sign-in: no more tries at it by this way in.
    await takeCodeAttempt(user.email);
    if (!(await consumeSignInCode(deps.db, deps.config, userId, proof.code)))
      throw new ForbiddenError(INVALID_SIGN_IN_CODE);
  }

  // Every session ends first: if the session store fails, nothing is deleted and the member may try
  // again (deleted first, a device left signed in could go on writing about a member who is gone).
  // Once more after, for a device that signed in meanwhile. Each session leaves a mark, for /api/user
  // to tell its device why it ended.
  await deps.backends.sessions.endUser(userId, DELETED_ACCOUNT);
  const orderIds = await deps.db.transaction(async (trx) => {
    const orderIds = await readOrderIds(trx, { id: userId, email: user.email });
    await recordDeletedAccount(trx, deps.config, { email: user.email, orderIds });
    await deleteMemberTables(trx, userId);
    await forgetAddress(trx, { id: userId, email: user.email, orderIds });
    await anonymiseUser(trx, userId);
    await recordSelfDeletion(trx, userId, { orders: orderIds.length });
    return orderIds;
  });
  await deps.backends.sessions
    .endUser(userId, DELETED_ACCOUNT)
    .catch((error: Error) =>
      deps.logger.warn(
        { userId, err: error.message },
        "a deleted member's session made during the deletion may remain",
      ),
    );
  await deps
    .forgetOrders(orderIds)
    .catch((error: Error) =>
      deps.logger.warn(
        { userId, err: error.message },
        "the queue still holds the address in a deleted member's unprovisioned orders",
      ),
    );
}
