import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eventually } from './testing.ts';

/**
 * Runs this machine's nginx in the foreground with the rendered `files` (scripts/render-nginx.ts's
 * renderLocalNginx) written to `confDir`, started by `args` (its localNginxArgs), until it answers
 * /healthz on `base`. `stop()` ends it and waits: nginx has then written out its buffered access log.
 * Stopping it again does nothing. `stderr()` is what it wrote there so far (its error log's copy); `pid`
 * is its master process's (a benchmark reads its CPU time, its workers' included).
 */
export async function runTestNginx(options: {
  confDir: string;
  files: Record<string, string>;
  args: string[];
  base: string;
}): Promise<{ pid: number | undefined; stop(): Promise<void>; stderr(): string }> {
  await mkdir(path.join(options.confDir, 'temp'), { recursive: true });
  for (const [name, content] of Object.entries(options.files)) {
    await writeFile(path.join(options.confDir, name), content);
  }
  let output = '';
  const nginx = spawn('nginx', options.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stderr!.on('data', (chunk) => (output += chunk));
  nginx.on('error', (error) => (output += `nginx could not start: ${error.message}`));
  await eventually(
    () =>
      fetch(`${options.base}/healthz`).then(
        (r) => r.ok,
        () => nginx.exitCode !== null && Promise.reject(new Error(output)),
      ),
    { timeoutMs: 10_000, what: 'nginx to answer /healthz' },
  ).catch((error: unknown) => {
    // Not left running on its port when it never answered.
    nginx.kill('SIGTERM');
    throw error;
  });
  return {
    pid: nginx.pid,
    stderr: () => output,
    async stop() {
      if (nginx.exitCode !== null || nginx.signalCode !== null) return;
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    },
  };
}
