import { execFile } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDatabase } from '../db.ts';

const run = promisify(execFile);

/**
 * Backups are PostgreSQL's own custom-format dumps (pg_dump -Fc): compressed, and restorable into an
 * empty or an existing database with pg_restore. The client tools must be on PATH (the postgres
 * image and Debian's postgresql-client have them).
 */
export async function backupDatabase(
  databaseUrl: string,
  dir: string,
  keep: number,
  now = new Date(),
): Promise<{ file: string; removed: string[] }> {
  await mkdir(dir, { recursive: true });
  const name = databaseName(databaseUrl);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${name}-${stamp}.dump`);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);
  return { file, removed: await prune(dir, name, keep) };
}

/** Loads a dump into the database of the URL, creating it if needed and replacing what it holds. */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

/** Keeps the `keep` newest dumps of the database; the timestamped names sort by age. */
async function prune(dir: string, name: string, keep: number): Promise<string[]> {
  const dumps = (await readdir(dir))
    .filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.dump'))
    .sort()
    .reverse();
  const removed = dumps.slice(keep).map((entry) => path.join(dir, entry));
  await Promise.all(removed.map((file) => rm(file)));
  return removed;
}

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}
