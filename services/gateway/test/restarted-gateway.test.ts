import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, ownTestDatabase, startScriptPorts } from '@sleep-ritual/platform/testing';
import { childProcessOf, startSystem, type StartedSystem } from '@sleep-ritual/platform/testing-processes';

// `npm start` as a developer runs it (the build skipped: whatever the checkout holds is served), on a
// database of this file's own.
let start: StartedSystem;
let origin: string;
let originPort: number;
const outboxDir = path.join(tmpdir(), `restarted-gateway-outbox-${process.pid}`);

const signInStatus = () =>
  fetch(`${origin}/sign-in`).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );

beforeAll(async () => {
  const databaseUrl = await ownTestDatabase('restarted_gateway');
  const { port, env: ports } = await startScriptPorts();
  origin = `http://127.0.0.1:${port}`;
  originPort = port;
  start = await startSystem(['--no-build'], {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...ports,
    DATABASE_URL: databaseUrl,
    PUBLIC_APP_URL: origin,
    OUTBOX_DIR: outboxDir,
  });
}, 120_000);

afterAll(async () => {
  if (start) await start.stop();
  await rm(outboxDir, { recursive: true, force: true });
});

describe('npm start, when the development gateway dies', () => {
  it('starts it again, and the new one serves the pages rather than "Starting..." for ever', async () => {
    const servedBefore = await signInStatus();
    // The pages' own answer (200, or 404 with --no-build on a clone not built yet): neither "Starting..."
    // (503) nor no answer at all (0), so waiting for the same answer again below means served again.
    expect([0, 503], 'the pages are served once npm start is up').not.toContain(servedBefore);
    const gateway = childProcessOf(start.child.pid ?? -1, 'gateway', `PORT=${originPort}`);
    if (gateway === undefined) throw new Error('the gateway is not one of the start script’s processes');

    process.kill(gateway, 'SIGKILL');
    await eventually(
      async () => /\[gateway\]\s*stopped \(SIGKILL\); starting it again/.test(start.output()),
      {
        timeoutMs: 10_000,
        what: 'the start script to notice',
      },
    );
    // The new gateway first answers "Starting..." (503) until the start script tells it the pages are
    // ready, which it does as soon as the new one answers.
    await eventually(async () => (await signInStatus()) === servedBefore, {
      timeoutMs: 30_000,
      what: '/sign-in to be served again',
    });
    const replacement = childProcessOf(start.child.pid ?? -1, 'gateway', `PORT=${originPort}`);
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(gateway);
    expect(start.child.exitCode, 'the rest of the system kept running').toBeNull();
  }, 60_000);
});
