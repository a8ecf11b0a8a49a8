import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { repoRoot } from './paths.ts';
import { eventually } from './testing.ts';

/** The start script's banner, printed once its origin answers. */
const STARTED_BANNER = 'Press Ctrl-C to stop.';

export type StartedSystem = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** What the start script and its processes printed so far: its standard output, then its errors. */
  output(): string;
  /** Its exit code once it has stopped. */
  exited: Promise<number | null>;
  /** Ctrl-C (or `signal`), then waits for it to stop; answers its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * scripts/start.ts (`npm start`; `--prod` for `npm run start:prod`) as an operator runs it, with `env`
 * over this process's environment; answers once its banner says the origin is up. If it stops or does
 * not come up in time, it is stopped and the error carries what it printed.
 */
export async function startSystem(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { timeoutMs?: number } = {},
): Promise<StartedSystem> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'start.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept apart, so that a line of one is never cut by a chunk of the other.
  let printed = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const output = () => printed + errors;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGINT') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`the start script stopped (exit ${child.exitCode})`);
        return printed.includes(STARTED_BANNER);
      },
      { timeoutMs: options.timeoutMs ?? 100_000, intervalMs: 250, what: 'the start script to be up' },
    );
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output()}`, { cause: error });
  }
  return { child, output, exited, stop };
}

/**
 * The process id of `parent`'s child that runs in services/<workspace> with `variable` (e.g.
 * `WEBHOOKS_PORT=4004`) in its environment: how a test finds one of the start script's processes to kill.
 */
export function childProcessOf(parent: number, workspace: string, variable: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parentOfEntry = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parentOfEntry !== parent) continue;
      if (readlinkSync(`/proc/${entry}/cwd`) !== path.join(repoRoot, 'services', workspace)) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(variable)) return Number(entry);
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
  return undefined;
}
