import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './testing.ts';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of a test's own (initdb and pg_ctl in a temporary directory, on a spare port), so a
 * test can stop and restart it to play an outage without touching the machine's shared server. PostgreSQL
 * refuses to run as root, so under root its commands run as the `postgres` user.
 */
export async function startThrowawayPostgres() {
  const dir = await mkdtemp(path.join(tmpdir(), 'throwaway-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = await Promise.all(['-u', '-g'].map((flag) => run('id', [flag, 'postgres'])));
    const [uid, gid] = ids.map(({ stdout }) => Number(stdout.trim()));
    await chown(dir, uid!, gid!);
  }
  const pg = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args])
      : run(path.join(BIN, command), args);

  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  let running = false;
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    running = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    /** A database URL on this server (the database is created by ensureDatabase). */
    url: (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop,
    async dispose() {
      if (running) await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
