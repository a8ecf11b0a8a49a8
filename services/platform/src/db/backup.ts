import { execFile } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDatabase } from '../db.ts';

const execFileAsync = promisify(execFile);

/**
 * Runs a PostgreSQL client tool against the database of the URL. The password, given before the host
 * or as `?password=`, goes in the environment (PGPASSWORD), not on the command line where `ps` shows
 * it, and a failure says what the tool printed, never the command (which names the URL).
 */
async function runClient(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password) || url.searchParams.get('password');
  url.password = '';
  // By hand: URLSearchParams would write the other parameters again in form encoding (`%20` as `+`,
  // which libpq does not read as a space).
  url.search = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=')[0] !== 'password')
    .join('&');
  try {
    await execFileAsync(tool, [`--dbname=${url.toString()}`, ...args], {
      // Not configuration: the tool's own environment, as it was given to this process, plus the password.
      // eslint-disable-next-line no-restricted-properties
      env: password ? { ...process.env, PGPASSWORD: password } : undefined,
    });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string | number };
    const said = stderr?.trim() || (code === 'ENOENT' ? `${tool} is not installed` : `exit ${code}`);
    const hint = /version mismatch/.test(said) ? `\n${OLDER_TOOL_HINT}` : '';
    throw new Error(`${tool} failed: ${said}${hint}`, { cause: error });
  }
}

/** What to do when the client tools are older than the server (pg_dump refuses a newer server). */
const OLDER_TOOL_HINT =
  "Install pg_dump and pg_restore of the server's major version or newer. The embedded PostgreSQL 18 " +
  'of npm start has none beside it: back it up by copying its data folder while npm start is stopped ' +
  '(docs/operations.md, Backups).';

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
  // Before the database is created: a wrong name leaves nothing behind.
  if (
    !(await stat(file).then(
      (found) => found.isFile(),
      () => false,
    ))
  )
    throw new Error(`No dump at ${file}`);
  await ensureDatabase(databaseUrl);
  await runClient('pg_restore', databaseUrl, [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--exit-on-error',
    file,
  ]);
}

/** A .partial this old belongs to no dump still being written. */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the `keep` newest dumps of the database (the timestamped names sort by age); an empty one (a
 * dump that failed before dumps were renamed once whole) is no backup: it goes, and is not counted.
 */
async function prune(dir: string, name: string, keep: number): Promise<string[]> {
  const entries = (await readdir(dir)).filter((entry) => entry.startsWith(`${name}-`));
  // A dump killed midway (the machine stopped) leaves its .partial: gone once a day old (a younger one
  // may be another backup's, still being written).
  const partials = [];
  for (const entry of entries.filter((name) => name.endsWith('.dump.partial'))) {
    const info = await stat(path.join(dir, entry)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) partials.push(entry);
  }
  const dumps = entries
    .filter((entry) => entry.endsWith('.dump'))
    .sort()
    .reverse()
    .map((entry) => path.join(dir, entry));
  // Another backup's prune may remove a file meanwhile: it counts as gone.
  const sizes = await Promise.all(
    dumps.map((file) =>
      stat(file).then(
        (info) => info.size,
        () => 0,
      ),
    ),
  );
  const whole = dumps.filter((_, index) => (sizes[index] ?? 0) > 0);
  const removed = [
    ...whole.slice(keep),
    ...dumps.filter((_, index) => sizes[index] === 0),
    ...partials.map((entry) => path.join(dir, entry)),
  ];
  await Promise.all(removed.map((file) => rm(file, { force: true })));
  return removed;
}

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}
