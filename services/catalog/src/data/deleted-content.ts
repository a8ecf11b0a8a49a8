import type { Knex } from '@sleep-ritual/platform/db';
import { CHILD, LEVELS, type Level } from './admin-tree.ts';

/**
 * Soft-deleted content, as the admin's list of deletions reads it and a restore writes it. A deletion
 * marks a row and its live descendants with one timestamp (softDeleteSubtree), so a deletion is known
 * by its row and that timestamp: rows deleted earlier on their own carry another and stay deleted.
 */

type Ancestor = { level: Level; id: number; title: string; deletedAt: Date | null };
export type DeletedRow = {
  level: Level;
  id: number;
  title: string;
  label: string | null;
  deletedAt: Date;
  /** `deletedAt` as PostgreSQL holds it, to the microsecond (a Date keeps milliseconds only). */
  deletedStamp: string;
  /** Top down: the programme first. */
  ancestors: Ancestor[];
};

/** The ancestors of a level, nearest first, each with its alias in a query and how it is joined. */
function ancestry(level: Level) {
  const chain: { level: Level; alias: string; column: string; from: string }[] = [];
  let from = 'row';
  for (let parent = LEVELS[level].parent; parent; parent = LEVELS[parent.level].parent) {
    const alias = `up${chain.length + 1}`;
    chain.push({ level: parent.level, alias, column: parent.column, from });
    from = alias;
  }
  return chain;
}

/** Deleted rows of a level (aliased `row`) with the id, title and deletion of each ancestor. */
function deletedRows(db: Knex, level: Level) {
  const chain = ancestry(level);
  const query = db({ row: LEVELS[level].table })
    .select(
      'row.id',
      'row.title',
      'row.label',
      'row.deletedAt',
      db.raw('row."deletedAt"::text as "deletedStamp"'),
    )
    .whereNotNull('row.deletedAt');
  for (const { level: ancestorLevel, alias, column, from } of chain) {
    query.join({ [alias]: LEVELS[ancestorLevel].table }, `${alias}.id`, `${from}.${column}`).select({
      [`${alias}Id`]: `${alias}.id`,
      [`${alias}Title`]: `${alias}.title`,
      [`${alias}DeletedAt`]: `${alias}.deletedAt`,
    });
  }
  const read = (row: Record<string, unknown>): DeletedRow => ({
    level,
    id: row.id as number,
    title: row.title as string,
    label: row.label as string | null,
    deletedAt: row.deletedAt as Date,
    deletedStamp: row.deletedStamp as string,
    ancestors: chain
      .map(({ level: ancestorLevel, alias }) => ({
        level: ancestorLevel,
        id: row[`${alias}Id`] as number,
        title: row[`${alias}Title`] as string,
        deletedAt: row[`${alias}DeletedAt`] as Date | null,
      }))
      .reverse(),
  });
  return { query, read, parentAlias: chain[0]?.alias };
}

/**
 * The most recent deletions of every level, newest first: rows deleted on their own, not with their
 * parent (whose deletion stands for them).
 */
export async function listDeletions(db: Knex, limit: number): Promise<DeletedRow[]> {
  const levels = Object.keys(LEVELS) as Level[];
  const lists = await Promise.all(
    levels.map(async (level) => {
      const { query, read, parentAlias } = deletedRows(db, level);
      if (parentAlias) {
        query.where((where) =>
          where
            .whereNull(`${parentAlias}.deletedAt`)
            .orWhereRaw('?? <> ??', [`${parentAlias}.deletedAt`, 'row.deletedAt']),
        );
      }
      const rows: Record<string, unknown>[] = await query
        .orderBy([
          { column: 'row.deletedAt', order: 'desc' },
          { column: 'row.id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map(read);
    }),
  );
  return lists
    .flat()
    .sort((a, b) => b.deletedAt.getTime() - a.deletedAt.getTime() || b.id - a.id)
    .slice(0, limit);
}

/**
 * A deleted row with its ancestors, locked with them until the transaction ends; undefined for a live
 * or unknown one. They are locked top down, the programme first, as a deletion locks them, so the two
 * never wait on each other: a deletion of an ancestor waits, then takes the restored row with it.
 */
export async function lockDeleted(
  trx: Knex.Transaction,
  level: Level,
  id: number,
): Promise<DeletedRow | undefined> {
  const first = deletedRows(trx, level);
  const found: Record<string, unknown> | undefined = await first.query.where('row.id', id).first();
  if (!found) return undefined;
  for (const ancestor of first.read(found).ancestors) {
    await trx(LEVELS[ancestor.level].table).where({ id: ancestor.id }).forNoKeyUpdate().first('id');
  }
  // Read again under the locks: an ancestor may have been deleted, or the row restored, meanwhile.
  const { query, read } = deletedRows(trx, level);
  const row: Record<string, unknown> | undefined = await query
    .where('row.id', id)
    .forNoKeyUpdate('row')
    .first();
  return row && read(row);
}

/** Brings back a row and the descendants deleted with it (the same timestamp); the number of rows. */
export async function restoreSubtree(trx: Knex.Transaction, row: DeletedRow): Promise<number> {
  const deletedWith = ['"deletedAt" = ?::timestamptz', [row.deletedStamp]] as const;
  let restored = 0;
  let level: Level | null = row.level;
  let ids = [row.id];
  while (level && ids.length > 0) {
    const brought: { id: number }[] = await trx(LEVELS[level].table)
      .update({ deletedAt: null, updatedAt: trx.fn.now() })
      .whereIn('id', ids)
      .whereRaw(...deletedWith)
      .returning('id');
    restored += brought.length;
    const child: Level | null = CHILD[level];
    ids = [];
    if (child && brought.length > 0) {
      const children: { id: number }[] = await trx(LEVELS[child].table)
        .select('id')
        .whereIn(
          LEVELS[child].parent.column,
          brought.map(({ id }) => id),
        )
        .whereRaw(...deletedWith);
      ids = children.map(({ id }) => id);
    }
    level = child;
  }
  return restored;
}
