import knexFactory, { type Knex } from 'knex';
import { migrationSource } from './db/migration-source.ts';

export type { Knex };

export function createDb(
  databaseUrl: string,
  pool: { min: number; max: number } = { min: 0, max: 10 },
): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool,
    acquireConnectionTimeout: 10_000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest();
}

/**
 * Whether every migration this code knows has run on the database: a process of a new release is not
 * ready on the schema of the one before (the migration runs beside it, as a Kubernetes Job does).
 */
export async function schemaIsCurrent(db: Knex): Promise<boolean> {
  const names = await migrationSource.getMigrations([]);
  try {
    const [row] = await db('knex_migrations').whereIn('name', names).count<{ ran: string }[]>({ ran: '*' });
    return Number(row?.ran) === names.length;
  } catch (error) {
    // No migration has run at all: the table is not there yet.
    if ((error as { code?: string }).code === '42P01') return false;
    throw error;
  }
}

/** Creates the database named in the URL when it does not exist yet (connecting to `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = createDb(url.toString(), { min: 0, max: 1 });
  try {
    const found = await admin.raw('select 1 from pg_database where datname = ?', [name]);
    if (found.rows.length === 0) {
      await admin.raw('create database ??', [name]).catch((error: { code?: string }) => {
        // 42P04: created meanwhile by another process.
        if (error.code !== '42P04') throw error;
      });
    }
  } finally {
    await admin.destroy();
  }
}
