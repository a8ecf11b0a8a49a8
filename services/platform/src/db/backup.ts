import { execFile } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDatabase } from '../db.ts';

const execFileAsync = promisify(execFile);

/**
 * Runs a PostgreSQL client tool against the database of the URL. The password goes in the
 * environment (PGPASSWORD), not on the command line where `ps` shows it, and a failure says what the
 * tool printed, never the command (which names the URL).
 */
async function runClient(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  try {
    await execFileAsync(tool, [...args, `--dbname=${url.toString()}`], {
      // Not configuration: the tool's own environment, as it was given to this process, plus the password.
      // eslint-disable-next-line no-restricted-properties
      env: password ? { ...process.env, PGPASSWORD: password } : undefined,
    });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string | number };
    const said = stderr?.trim() || (code === 'ENOENT' ? `${tool} is not installed` : `exit ${code}`);
    throw new Error(`${tool} failed: ${said}`, { cause: error });
  }
}

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
  // Written under another name and renamed once whole: a failed dump is never taken for a backup,
  // nor counted among the ones kept.
  const partial = `${file}.partial`;
  try {
    await runClient('pg_dump', databaseUrl, ['--format=custom', '--no-owner', `--file=${partial}`]);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
  return { file, removed: await prune(dir, name, keep) };
}

/** Loads a dump into the database of the URL, creating it if needed and replacing what it holds. */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  await runClient('pg_restore', databaseUrl, [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--exit-on-error',
    file,
  ]);
}

/**
 * Keeps the `keep` newest dumps of the database (the timestamped names sort by age); an empty one (a
 * dump that failed before dumps were renamed once whole) is no backup: it goes, and is not counted.
 */
async function prune(dir: string, name: string, keep: number): Promise<string[]> {
  const dumps = (await readdir(dir))
    .filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.dump'))
    .sort()
    .reverse()
    .map((entry) => path.join(dir, entry));
  const sizes = await Promise.all(dumps.map(async (file) => (await stat(file)).size));
  const whole = dumps.filter((_, index) => (sizes[index] ?? 0) > 0);
  const removed = [...whole.slice(keep), ...dumps.filter((_, index) => sizes[index] === 0)];
  await Promise.all(removed.map((file) => rm(file)));
  return removed;
}

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}
