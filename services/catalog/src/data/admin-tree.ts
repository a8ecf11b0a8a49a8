import type { Knex } from '@sleep-ritual/platform/db';
import {
  adminClassSchema,
  adminPathSchema,
  adminPhaseSchema,
  adminProgramSchema,
  type AdminClass,
  type AdminPath,
  type AdminPhase,
  type AdminProgram,
  type ContentLevel,
  type OrderUpdate,
  MAX_ORDER_POSITION,
} from '@sleep-ritual/contracts/admin';

/**
 * The content tree (program > phase > path > class) as the admin calls read and write it. Every level
 * has the same shape of rules (a parent column, an order, soft delete), so one set of queries serves
 * all four. A row counts as live when neither it nor any ancestor is soft-deleted.
 */

/** The content tree's levels, as the contracts name them. */
export type Level = ContentLevel;
export type RowOf<L extends Level> = {
  program: AdminProgram;
  phase: AdminPhase;
  path: AdminPath;
  class: AdminClass;
}[L];

export type ChildLevel = Exclude<Level, 'program'>;
type LevelInfo = { table: string; columns: string[]; parent: { level: Level; column: string } | null };

/** Each level's table and columns, and for every level below the programme, its parent's. */
export const LEVELS = {
  program: { table: 'programs', columns: Object.keys(adminProgramSchema.shape), parent: null },
  phase: {
    table: 'phases',
    columns: Object.keys(adminPhaseSchema.shape),
    parent: { level: 'program', column: 'programId' },
  },
  path: {
    table: 'paths',
    columns: Object.keys(adminPathSchema.shape),
    parent: { level: 'phase', column: 'phaseId' },
  },
  class: {
    table: 'classes',
    columns: Object.keys(adminClassSchema.shape),
    parent: { level: 'path', column: 'pathId' },
  },
} as const satisfies Record<Level, LevelInfo>;

export const CHILD: Record<Level, ChildLevel | null> = {
  program: 'phase',
  phase: 'path',
  path: 'class',
  class: null,
};

/** Live rows of a level (aliased `row`), joined up to the programme so a deleted ancestor hides them. */
function liveRows(db: Knex, level: Level): Knex.QueryBuilder {
  const { table, columns } = LEVELS[level];
  const query = db({ row: table })
    .select(columns.map((column) => `row.${column}`))
    .whereNull('row.deletedAt');
  let current = LEVELS[level];
  let alias = 'row';
  for (let depth = 1; current.parent; depth += 1) {
    const ancestor = LEVELS[current.parent.level];
    const ancestorAlias = `up${depth}`;
    query.join(
      { [ancestorAlias]: ancestor.table },
      `${ancestorAlias}.id`,
      `${alias}.${current.parent.column}`,
    );
    query.whereNull(`${ancestorAlias}.deletedAt`);
    current = ancestor;
    alias = ancestorAlias;
  }
  return query;
}

export async function findLive<L extends Level>(
  db: Knex,
  level: L,
  id: number,
): Promise<RowOf<L> | undefined> {
  return liveRows(db, level).where('row.id', id).first();
}

/** A level's live rows in display order; children of one parent, or every programme. */
export async function listLive<L extends Level>(db: Knex, level: L, parentId?: number): Promise<RowOf<L>[]> {
  const query = liveRows(db, level).orderBy([{ column: 'row.orderIndex' }, { column: 'row.id' }]);
  const parent = LEVELS[level].parent;
  if (parent && parentId !== undefined) query.where(`row.${parent.column}`, parentId);
  return query;
}

/** Whether the id is a soft-deleted row of the level. */
export async function isDeleted(db: Knex, level: Level, id: number): Promise<boolean> {
  return (await db(LEVELS[level].table).where({ id }).whereNotNull('deletedAt').first('id')) !== undefined;
}

/** Live rows among `ids`, locked until the transaction ends, so two reorders cannot interleave. */
export async function lockLive(
  trx: Knex.Transaction,
  level: Level,
  ids: number[],
): Promise<{ id: number; parentId: number | null }[]> {
  const parent = LEVELS[level].parent;
  return liveRows(trx, level)
    .clearSelect()
    .select('row.id', parent ? `row.${parent.column} as parentId` : trx.raw('null as "parentId"'))
    .whereIn('row.id', ids)
    .forUpdate('row');
}

/** Ids of a parent's live children, locked until the transaction ends. */
export async function lockLiveChildren(
  trx: Knex.Transaction,
  level: ChildLevel,
  parentId: number,
): Promise<number[]> {
  const { parent } = LEVELS[level];
  const rows: { id: number }[] = await liveRows(trx, level)
    .clearSelect()
    .select('row.id')
    .where(`row.${parent.column}`, parentId)
    .forUpdate('row');
  return rows.map((row) => row.id);
}

export async function insertRow<L extends Level>(
  db: Knex,
  level: L,
  fields: Record<string, unknown>,
): Promise<RowOf<L>> {
  const { table, columns } = LEVELS[level];
  const [row] = await db(table).insert(fields).returning(columns);
  return row;
}

/** Columns a copy never takes from its original: its identity, its history and its deletion. */
const NOT_COPIED = new Set(['id', 'createdAt', 'updatedAt', 'deletedAt']);

/**
 * Inserts a copy of a row with `changes` applied: every other column, including any added later,
 * comes from the original, so a copy keeps its media and links.
 */
export async function insertCopy<L extends Level>(
  trx: Knex.Transaction,
  level: L,
  id: number,
  changes: Record<string, unknown>,
): Promise<RowOf<L>> {
  const { table, columns } = LEVELS[level];
  const original: Record<string, unknown> = await trx(table).where({ id }).first();
  const copied = Object.fromEntries(Object.entries(original).filter(([column]) => !NOT_COPIED.has(column)));
  const [row] = await trx(table)
    .insert({ ...copied, ...changes })
    .returning(columns);
  return row;
}

/** The position after a parent's last live child (0 for none; the last position when that is taken). */
export async function nextChildPosition(trx: Knex, level: ChildLevel, parentId: number): Promise<number> {
  const { parent } = LEVELS[level];
  const row = await liveRows(trx, level)
    .clearSelect()
    .where(`row.${parent.column}`, parentId)
    .max({ last: 'row.orderIndex' })
    .first();
  return row?.last === null || row?.last === undefined
    ? 0
    : Math.min(Number(row.last) + 1, MAX_ORDER_POSITION);
}

/**
 * Changes the fields given (undefined ones are left alone); undefined when the row is gone, or when
 * `seenVersion` is given and the row changed since (its `updatedAt`, to the millisecond the API gives).
 */
export async function updateLive<L extends Level>(
  db: Knex,
  level: L,
  id: number,
  fields: Record<string, unknown>,
  seenVersion?: string,
): Promise<RowOf<L> | undefined> {
  const { table, columns } = LEVELS[level];
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const query = db(table)
    .update({ ...changes, updatedAt: db.fn.now() })
    .where({ id })
    .whereNull('deletedAt');
  if (seenVersion !== undefined) {
    query.whereRaw(`date_trunc('milliseconds', "updatedAt") = ?::timestamptz`, [seenVersion]);
  }
  const [row] = await query.returning(columns);
  return row;
}

/** Stores the given positions in one statement. */
export async function storePositions(
  trx: Knex.Transaction,
  level: Level,
  updates: OrderUpdate[],
): Promise<void> {
  const values = updates.map(() => '(?::integer, ?::integer)').join(', ');
  await trx.raw(
    `update ?? as target set "orderIndex" = new_order.position, "updatedAt" = now()
     from (values ${values}) as new_order(id, position) where target.id = new_order.id`,
    [LEVELS[level].table, ...updates.flatMap(({ id, orderIndex }) => [id, orderIndex])],
  );
}

/**
 * Marks a row and everything under it deleted with one timestamp. Marking the descendants too means
 * any reader that checks only its own row's deletedAt (a class page, a progress write) hides them.
 */
export async function softDeleteSubtree(trx: Knex.Transaction, level: Level, id: number): Promise<void> {
  const deletedAt = new Date();
  let current: Level | null = level;
  let ids = [id];
  while (current && ids.length > 0) {
    const { table } = LEVELS[current];
    await trx(table).update({ deletedAt, updatedAt: deletedAt }).whereIn('id', ids).whereNull('deletedAt');
    const child: Level | null = CHILD[current];
    if (child) {
      const rows: { id: number }[] = await trx(LEVELS[child].table)
        .select('id')
        .whereIn(LEVELS[child].parent.column, ids)
        .whereNull('deletedAt');
      ids = rows.map((row) => row.id);
    }
    current = child;
  }
}

/**
 * A row brought back whose place a live sibling took meanwhile (a new row, a new order) goes to the end
 * of its list rather than tie with it.
 */
export async function moveToEndIfTaken(trx: Knex.Transaction, level: Level, id: number): Promise<void> {
  const { table, parent } = LEVELS[level];
  const row: Record<string, number> = await trx(table).where({ id }).first();
  const siblings = trx(table).whereNot({ id }).whereNull('deletedAt').where({ orderIndex: row.orderIndex });
  if (parent) siblings.where(parent.column, row[parent.column]);
  if (!(await siblings.first('id'))) return;
  const orderIndex = parent
    ? await nextChildPosition(trx, level as ChildLevel, Number(row[parent.column]))
    : await nextProgramPosition(trx);
  await trx(table).where({ id }).update({ orderIndex });
}

/**
 * The next display position at the end of the programme list (never below 1, the form's minimum, nor
 * beyond the last position the column holds: programmes there are then ordered by id).
 */
export async function nextProgramPosition(db: Knex): Promise<number> {
  const row = await db('programs').whereNull('deletedAt').max({ last: 'orderIndex' }).first();
  return Math.min(Math.max(1, (Number(row?.last) || 0) + 1), MAX_ORDER_POSITION);
}
