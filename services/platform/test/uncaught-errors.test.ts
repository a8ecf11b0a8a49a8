import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

/** A process that sets up its logger like every service and the worker, then fails as `body` says. */
function failingProcess(body: string) {
  const source = `
    import { createLogger } from ${JSON.stringify(path.join(repoRoot, 'services/platform/src/logger.ts'))};
    import { exitOnUncaughtErrors } from ${JSON.stringify(path.join(repoRoot, 'services/platform/src/run-service.ts'))};
    const logger = createLogger({ level: 'info', name: 'probe' });
    exitOnUncaughtErrors(logger);
    function failsDeepInside() { ${body} }
    failsDeepInside();
    setTimeout(() => console.log('still running'), 2_000);
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  const lines = result.stdout.trim().split('\n').filter(Boolean);
  return { status: result.status, lines, entry: JSON.parse(lines.at(-1) ?? '{}') };
}

describe('a service process that meets an error nothing handles', () => {
  it('logs an unhandled rejection as one fatal line with its stack, then exits 1', () => {
    const { status, lines, entry } = failingProcess(
      "Promise.reject(new Error('the pool was closed twice'));",
    );
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(entry).toMatchObject({ level: 60, name: 'probe', msg: 'unhandled rejection' });
    expect(entry.err.message).toBe('the pool was closed twice');
    expect(entry.err.stack).toContain('failsDeepInside');
  });

  it('logs an uncaught exception as one fatal line with its stack, then exits 1', () => {
    const { status, lines, entry } = failingProcess(
      "setImmediate(() => { throw new TypeError('undefined is not a job'); });",
    );
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(entry).toMatchObject({ level: 60, msg: 'uncaught exception' });
    expect(entry.err).toMatchObject({ type: 'TypeError', message: 'undefined is not a job' });
    expect(entry.err.stack).toMatch(/^TypeError: undefined is not a job\n\s+at /);
  });
});
