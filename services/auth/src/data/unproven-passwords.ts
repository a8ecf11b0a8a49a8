import type { Knex } from 'knex';

/**
 * A password nobody proved the address for (set through a checkout redirect, by whoever typed the
 * address; no mailed link or code was ever used) opens no more than the order it came with. Call it once
 * a purchase of `orderId` was filed or granted under the user, in the same transaction, with the user's
 * row locked: when the account also holds anything from another order, the password is ended. One
 * statement, since every order of a launch-night burst runs it.
 * - `unproven`: the address was never proven and the account holds another order, so every session of
 *   it must end. True again on a retry or a redelivery until the address is proven, so a sign-out that
 *   failed the first time happens then.
 * - `ended`: a password was ended by this call.
 */
export async function endUnprovenPassword(
  trx: Knex.Transaction,
  userId: number,
  orderId: string | null,
): Promise<{ unproven: boolean; ended: boolean }> {
  const { rows } = await trx.raw<{ rows: { unproven: boolean; ended: boolean }[] }>(
    `with other as (
       select 1 from purchases where "userId" = ? and "thriveOrderId" is distinct from ? limit 1
     ), ended as (
       update users set password = null, "updatedAt" = now()
        where id = ? and not "emailVerified" and password is not null and exists (select 1 from other)
        returning 1
     )
     select not "emailVerified" and exists (select 1 from other) as unproven,
            exists (select 1 from ended) as ended
       from users where id = ?`,
    [userId, orderId, userId, userId],
  );
  return { unproven: rows[0]?.unproven ?? false, ended: rows[0]?.ended ?? false };
}
