import { randomBytes } from 'node:crypto';
import type { Knex } from '@sleep-ritual/platform/db';
import { ACCESS_STATUS, givesAccessSql, type PurchaseStatus } from '@sleep-ritual/learning/purchase-access';

/**
 * The back office's writes to tables other services own: purchases (an admin grants or takes back a
 * programme) and users (an admin changes a member's e-mail). The statuses come from purchase-access.
 */

export async function findProgram(
  db: Knex,
  programId: number,
  options: { liveOnly: boolean },
): Promise<{ id: number; title: string } | undefined> {
  const query = db('programs').where({ id: programId });
  if (options.liveOnly) query.whereNull('deletedAt');
  return query.first('id', 'title');
}

export type ProgramPurchase = {
  id: number;
  orderId: string | null;
  status: PurchaseStatus;
  graceEndsAt: Date | null;
};

export async function purchasesOfProgram(
  db: Knex,
  memberId: number,
  programId: number,
): Promise<ProgramPurchase[]> {
  return db('purchases')
    .where({ userId: memberId, programId })
    .orderBy('id')
    .select('id', 'thriveOrderId as orderId', 'status', 'graceEndsAt');
}

/** Sets the status; an admin's grant also forgives an unpaid instalment, so the access it gives is real. */
export async function setPurchaseStatus(db: Knex, ids: number[], status: PurchaseStatus): Promise<void> {
  const forgiven = status === ACCESS_STATUS ? { paymentFailedAt: null, graceEndsAt: null } : {};
  await db('purchases')
    .whereIn('id', ids)
    .update({ status, ...forgiven, updatedAt: db.fn.now() });
}

/**
 * A grant by hand is a purchase with no checkout item. Its order id carries random letters: the
 * create-account page trusts no bare order id, but an id that names no order of the checkout should
 * not be guessable either (defence in depth).
 */
export async function insertManualGrant(
  db: Knex,
  memberId: number,
  programId: number,
): Promise<ProgramPurchase> {
  const orderId = `manual-${memberId}-${programId}-${randomBytes(9).toString('base64url')}`;
  const [row] = await db('purchases')
    .insert({
      userId: memberId,
      programId,
      thriveOrderId: orderId,
      externalProductId: null,
      status: ACCESS_STATUS,
    })
    .returning(['id', 'thriveOrderId as orderId', 'status', 'graceEndsAt']);
  return row;
}

/** The order of the member's newest purchase that still gives access: the one a create-account link names. */
export async function latestAccessOrderId(db: Knex, memberId: number): Promise<string | undefined> {
  const row = await db('purchases')
    .where({ userId: memberId })
    .whereRaw(givesAccessSql('purchases'))
    .whereNotNull('thriveOrderId')
    .orderBy([
      { column: 'purchasedAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('thriveOrderId');
  return row?.thriveOrderId;
}

export async function emailTakenByOther(db: Knex, email: string, memberId: number): Promise<boolean> {
  return Boolean(
    await db('users').whereRaw('lower(email) = lower(?)', [email]).whereNot({ id: memberId }).first('id'),
  );
}

/**
 * A username that was the old address follows it; one the member chose stays. So do the member's
 * orders waiting on a mapping, filed by their old address: once mapped, they go to the member (the
 * worker files a waiting order under its row's address), not to a new account of the old address.
 */
export async function updateMemberEmail(db: Knex, memberId: number, email: string): Promise<void> {
  await db.raw(
    `with old as (select email from users where id = ?),
          moved as (
            update orders_awaiting_mapping waiting set email = ?
              from old where lower(waiting.email) = lower(old.email)
          )
     update users
        set username = case when lower(username) = lower(email) then ? else username end,
            email = ?, "updatedAt" = now()
      where id = ?`,
    [memberId, email, email, email, memberId],
  );
}
