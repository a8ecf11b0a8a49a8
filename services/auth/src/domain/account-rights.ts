import type { AccountExport } from '@sleep-ritual/contracts/account';
import {
  INVALID_SIGN_IN_CODE,
  WRONG_ACCOUNT_PASSWORD,
  type DeleteAccountBody,
} from '@sleep-ritual/contracts/auth';
import { recordDeletedAccount } from '../data/deleted-accounts.ts';
import { ForbiddenError, UnauthorizedError } from '@sleep-ritual/platform/errors';
import { verifyPassword } from '@sleep-ritual/platform/passwords';
import { consumeSignInCode } from '../tokens/sign-in-tokens.ts';
import {
  anonymiseUser,
  forgetAddress,
  readOrderIds,
  readProfile,
  readPurchases,
  recordSelfDeletion,
} from '../data/account.ts';
import { deleteMemberTables, readMemberTables } from '../data/member-data.ts';
import { findUserById } from '../data/users.ts';
import type { AuthDeps } from '../deps.ts';

/** Everything kept about the member (download my data): never a password hash, token or session. */
export async function exportAccount({ db }: AuthDeps, userId: number, now: Date): Promise<AccountExport> {
  const [profile, purchases, data] = await Promise.all([
    readProfile(db, userId),
    readPurchases(db, userId),
    readMemberTables(db, userId),
  ]);
  if (!profile) throw new UnauthorizedError('Not signed in');
  const iso = (date: Date) => new Date(date).toISOString();
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...profile,
      createdAt: iso(profile.createdAt),
      lastSignInAt: profile.lastSignInAt ? iso(profile.lastSignInAt) : null,
    },
    purchases: purchases.map((purchase) => ({
      ...purchase,
      purchasedAt: iso(purchase.purchasedAt),
      updatedAt: iso(purchase.updatedAt),
    })),
    data,
  };
}

/**
 * Deletes the member's account once they proved it is theirs (their password, or when they have none,
 * the code of a fresh sign-in e-mail): their own rows and tokens go, reminders stop with them, the orders
 * stay for the books without address or names, and a tombstone keeps those orders from recreating them.
 * Every session of theirs ends. A wrong proof changes nothing.
 */
export async function deleteAccount(deps: AuthDeps, userId: number, proof: DeleteAccountBody): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError('Not signed in');
  if ('password' in proof) {
    if (!user.password || !(await verifyPassword(user.password, proof.password)))
      throw new ForbiddenError(WRONG_ACCOUNT_PASSWORD);
  } else if (!(await consumeSignInCode(deps.db, deps.config, userId, proof.code))) {
    throw new ForbiddenError(INVALID_SIGN_IN_CODE);
  }

  await deps.db.transaction(async (trx) => {
    const orderIds = await readOrderIds(trx, userId);
    await recordDeletedAccount(trx, deps.config, { email: user.email, orderIds });
    await deleteMemberTables(trx, userId);
    await forgetAddress(trx, { id: userId, email: user.email, orderIds });
    await anonymiseUser(trx, userId);
    await recordSelfDeletion(trx, userId, { orders: orderIds.length });
  });
  await deps.backends.sessions.destroyUser(userId);
}
