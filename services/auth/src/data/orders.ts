import type { Knex } from 'knex';
import { givesAccessSql } from '@sleep-ritual/platform/purchase-access';

export type OrderAccountRow = {
  userId: number;
  email: string;
  password: string | null;
  productName: string | null;
  purchasedAt: Date | string;
};

/** The buyer and first programme of an order whose purchases still give access (refunded ones are not found). */
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
      'programs.title as productName',
      'purchases.purchasedAt',
    );
}
