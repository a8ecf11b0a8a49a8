import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { eventually, ownTestDatabase, startScriptPorts } from '@sleep-ritual/platform/testing';
import { childProcessOf, startSystem, type StartedSystem } from '@sleep-ritual/platform/testing-processes';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';

// `npm run start:prod -- --replicas 2` as an operator runs it: nginx in front of two processes of each
// service and of the worker, on a database of this file's own.
const SECRET = 'supervised-replicas-secret';
const WEBHOOK_PATH = '/api/webhooks/thrivecart';
/** How soon a dead replica must answer again. */
const BACK_WITHIN_MS = 30_000;

let start: StartedSystem;
let origin: string;
let originPort: number;
let secondWebhooksPort: number;
const outboxDir = path.join(tmpdir(), `supervised-outbox-${process.pid}`);

/** The start script's process of `workspace` that listens on `port`. */
function childListening(workspace: string, port: number): number | undefined {
  return childProcessOf(start.child.pid ?? -1, workspace, `${workspace.toUpperCase()}_PORT=${port}`);
}

let orders = 0;
async function postWebhook(): Promise<number> {
  orders += 1;
  const response = await fetch(`${origin}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(
      thrivecartOrderFields({
        secret: SECRET,
        orderId: `S${process.pid}-${orders}`,
        email: `supervised-${process.pid}-${orders}@example.com`,
      }),
    ),
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  const databaseUrl = await ownTestDatabase('supervised');
  const { port, services, env: ports } = await startScriptPorts();
  origin = `http://127.0.0.1:${port}`;
  originPort = port;
  secondWebhooksPort = services.webhooks + 5;
  start = await startSystem(['--prod', '--no-build', '--replicas', '2'], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...ports,
    DATABASE_URL: databaseUrl,
    SESSION_KEYS: 'supervised-session-key',
    ADMIN_PASSWORD: 'supervised-admin-password',
    THRIVECART_SECRET: SECRET,
    ACCOUNT_HASH_SECRET: 'supervised-account-hash-secret',
    PUBLIC_APP_URL: origin,
    OUTBOX_DIR: outboxDir,
  });
}, 120_000);

afterAll(async () => {
  if (start) await start.stop();
  await rm(outboxDir, { recursive: true, force: true });
  // The nginx configuration, pid and logs start:prod wrote for this run's port.
  if (originPort)
    await rm(path.join(repoRoot, 'var', `nginx-${originPort}`), { recursive: true, force: true });
});

describe('npm run start:prod -- --replicas 2, when a replica dies', () => {
  it('keeps taking webhooks through nginx and has the replica back within 30 s; Ctrl-C stops everything', async () => {
    const victim = childListening('webhooks', secondWebhooksPort);
    expect(victim, 'the second webhooks replica is running').toBeDefined();
    expect(await postWebhook()).toBe(200);

    // Webhooks keep arriving, one after another, from before the kill until the replica is back.
    const statuses: number[] = [];
    let killedAt = 0;
    let backAfterMs: number | undefined;
    while (backAfterMs === undefined && (killedAt === 0 || Date.now() - killedAt < BACK_WITHIN_MS + 5_000)) {
      statuses.push(await postWebhook());
      if (statuses.length === 3) {
        process.kill(victim!, 'SIGKILL');
        killedAt = Date.now();
      }
      if (killedAt && statuses.length % 5 === 0) {
        const ready = await fetch(`http://127.0.0.1:${secondWebhooksPort}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) backAfterMs = Date.now() - killedAt;
      }
    }

    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(backAfterMs, `the replica answered again within ${BACK_WITHIN_MS / 1000} s`).toBeLessThan(
      BACK_WITHIN_MS,
    );
    const replacement = childListening('webhooks', secondWebhooksPort);
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(victim);
    expect(start.output()).toMatch(/\[webhooks#2\]\s*stopped \(SIGKILL\); starting it again in 1 s\./);
    // Both replicas take turns again.
    expect(await postWebhook()).toBe(200);

    // nginx's master killed: the workers it leaves behind go too, and nginx is started again on the port.
    const nginxDir = path.join(repoRoot, 'var', `nginx-${originPort}`);
    const master = Number((await readFile(path.join(nginxDir, 'nginx.pid'), 'utf8')).trim());
    process.kill(master, 'SIGKILL');
    const nginxBack = Date.now();
    await eventually(
      async () => {
        const pid = Number((await readFile(path.join(nginxDir, 'nginx.pid'), 'utf8').catch(() => '')).trim());
        return pid !== master && pid > 0 && (await postWebhook().catch(() => 0)) === 200;
      },
      { timeoutMs: BACK_WITHIN_MS, intervalMs: 250, what: 'nginx started again' },
    );
    expect(Date.now() - nginxBack).toBeLessThan(BACK_WITHIN_MS);
    expect(start.output()).toMatch(/\[nginx\]\s*stopped \(SIGKILL\); starting it again in 1 s\./);

    // Ctrl-C, and only it, stops everything: the script, nginx and every replica.
    expect(await start.stop()).toBe(0);
    for (const address of [`${origin}/healthz`, `http://127.0.0.1:${secondWebhooksPort}/healthz`]) {
      const answered = await fetch(address).then(
        () => true,
        () => false,
      );
      expect(answered, address).toBe(false);
    }
  }, 150_000);
});
