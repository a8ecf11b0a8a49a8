import type { Knex } from '@sleep-ritual/platform/db';

export type AwaitingMappingRow = {
  thriveOrderId: string;
  item: string;
  email: string | null;
  createdAt: Date;
  mapped: boolean;
};

/**
 * Every (order, item) the worker found unmapped and has not provisioned since, oldest first. An item is
 * mapped now only to a programme that is not deleted: the worker provisions nothing from a deleted one,
 * so a retry would fail again (Products marks such a mapping).
 */
export async function ordersAwaitingMapping(db: Knex): Promise<AwaitingMappingRow[]> {
  return db('orders_awaiting_mapping as w')
    .leftJoin('product_program_map as m', 'm.externalProductId', 'w.item')
    .leftJoin('programs as p', (join) => join.on('p.id', 'm.programId').andOnNull('p.deletedAt'))
    .orderBy([{ column: 'w.createdAt' }, { column: 'w.thriveOrderId' }, { column: 'w.item' }])
    .select('w.thriveOrderId', 'w.item', 'w.email', 'w.createdAt', db.raw('p.id is not null as mapped'));
}
