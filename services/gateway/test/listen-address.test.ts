import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, freePort } from '@sleep-ritual/platform/testing';

// The development gateway as `npm start` runs it (its server.ts), on a free port.
const serverFile = path.join(import.meta.dirname, '..', 'src', 'server.ts');

/** This machine's first address another machine could reach it by. */
function outsideAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((candidate) => candidate && candidate.family === 'IPv4' && !candidate.internal);
  if (!address) throw new Error('this test needs a network interface besides loopback');
  return address.address;
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.ok,
    () => false,
  );

/** Runs the gateway with `env`, and answers whether it could be reached from outside this machine. */
async function reachableFromOutside(env: Record<string, string>): Promise<boolean> {
  const port = await freePort();
  const gateway = spawn(process.execPath, [serverFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      SESSION_KEYS: 'k',
      ADMIN_PASSWORD: 'a',
      THRIVECART_SECRET: 's',
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    await eventually(() => answers(`http://127.0.0.1:${port}/healthz`), {
      timeoutMs: 15_000,
      what: 'the gateway to answer on 127.0.0.1',
    });
    return await answers(`http://${outsideAddress()}:${port}/healthz`);
  } finally {
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    await exited;
  }
}

describe('the development gateway', () => {
  it('listens on this machine only unless GATEWAY_HOST says otherwise', async () => {
    expect(await reachableFromOutside({})).toBe(false);
    expect(await reachableFromOutside({ GATEWAY_HOST: '0.0.0.0' })).toBe(true);
  }, 40_000);
});
