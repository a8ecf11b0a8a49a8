import type { Knex } from 'knex';
import { givesAccessSql } from '@sleep-ritual/learning/purchase-access';

export type OrderAccountRow = {
  userId: number;
  email: string;
  password: string | null;
  emailVerified: boolean;
  productName: string | null;
  orderedAt: Date;
  otherOrders: number | string;
  deletedAt: Date | null;
};

/**
 * The buyer and first programme of an order whose purchases still give access (refunded ones are not
 * found), when it was placed, with how many purchases the buyer has from any other order, whatever their
 * status, and whether the buyer deleted the account.
 */
export function findOrderAccountRow(db: Knex, orderId: string): Promise<OrderAccountRow | undefined> {
  return db('purchases')
    .join('users', 'users.id', 'purchases.userId')
    .leftJoin('programs', 'programs.id', 'purchases.programId')
    .where('purchases.thriveOrderId', orderId)
    .andWhereRaw(givesAccessSql('purchases'))
    .orderBy('purchases.purchasedAt', 'asc')
    .orderBy('purchases.id', 'asc')
    .first(
      'users.id as userId',
      'users.email',
      'users.password',
      'users.emailVerified',
      'users.deletedAt',
      'programs.title as productName',
      'purchases.purchasedAt as orderedAt',
      db.raw(
        `(select count(*) from purchases other where other."userId" = users.id
           and other."thriveOrderId" is distinct from ?) as "otherOrders"`,
        [orderId],
      ),
    );
}
