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
