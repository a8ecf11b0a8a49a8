import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PATH } from '@sleep-ritual/contracts/reminders';
import { runTestNginx } from '../src/testing-nginx.ts';
import { eventually, freePort } from '../src/testing.ts';
import { localNginxArgs, renderLocalNginx, thisMachine } from '../../../scripts/render-nginx.ts';

// The access and error logs of the configuration `npm run start:prod` renders (the image's have the same
// format), written by this machine's nginx. Mailed links carry tokens in their query, and every request
// the page then makes repeats that whole address as its Referer.

let dir: string;
let confDir: string;
let base: string;
let nginx: Awaited<ReturnType<typeof runTestNginx>> | undefined;
// As a service: any /api call answers, but one asked with `crash` in its query, which the service drops
// unanswered (as it would crashing with the request in hand): nginx writes that to its error log.
const service = http.createServer((req, res) => {
  req.resume();
  if (req.url?.includes('crash')) {
    req.socket.destroy();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{}');
});

function get(pathname: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nginx-logs-'));
  await mkdir(path.join(dir, 'members-app'));
  await writeFile(path.join(dir, 'members-app', 'index.html'), '<!doctype html><title>Members</title>');
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const servicePort = (service.address() as AddressInfo).port;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  confDir = path.join(dir, 'nginx');
  const files = renderLocalNginx({
    dir: confDir,
    port,
    upstreamPorts: {
      auth: [servicePort],
      catalog: [servicePort],
      progress: [servicePort],
      webhooks: [servicePort],
    },
    roots: { marketing: dir, membersApp: path.join(dir, 'members-app'), media: dir },
    ipv6: false,
    ...thisMachine(),
  });
  nginx = await runTestNginx({ confDir, files, args: localNginxArgs(confDir), base });
});

afterAll(async () => {
  await nginx?.stop();
  service.close();
  await rm(dir, { recursive: true, force: true });
});

describe("nginx's error log", () => {
  it("holds no token or signature of a call whose query carries one, and still every other call's failure", async () => {
    const calls: [method: string, pathAndQuery: string][] = [
      ['GET', '/api/reset-password?token=reset-secret-1&crash'],
      ['GET', '/api/create-account?order_id=1001&signature=checkout-secret-2&crash'],
      ['GET', `${UNSUBSCRIBE_PATH}?token=unsubscribe-secret-3&crash`],
      // As a mail provider's one-click unsubscribe (RFC 8058) sends it.
      ['POST', `${UNSUBSCRIBE_PATH}?token=unsubscribe-secret-4&crash`],
      // Calls whose query is no secret: their failures are written as before.
      ['GET', '/api/user?visible=logged-5&crash'],
      ['GET', '/api/classes/1/details?visible=logged-6&crash'],
    ];
    for (const [method, pathAndQuery] of calls) {
      const answer = await fetch(`${base}${pathAndQuery}`, {
        method,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'List-Unsubscribe=One-Click',
            }
          : {}),
      });
      expect(answer.status, pathAndQuery).toBe(503);
    }

    // The file and its copy on stderr.
    const logs = async () => [await readFile(path.join(confDir, 'error.log'), 'utf8'), nginx!.stderr()];
    await eventually(async () => (await logs()).every((log) => /logged-5[\s\S]*logged-6/.test(log)), {
      what: "the failures of the calls without a secret in nginx's error log and on its stderr",
    });
    for (const log of await logs()) {
      expect(log).toContain('GET /api/user?visible=logged-5&crash');
      expect(log).not.toMatch(/secret-\d/);
    }
  });
});

describe("nginx's access log", () => {
  it('records the method, path and protocol of each request, never its query nor the Referer, which carry mailed tokens', async () => {
    const referer = { referer: `${base}/sign-in?token=SECRET-REFERER` };
    expect(await get('/reset-password?token=SECRET-TOKEN', referer)).toBe(200);
    expect(await get('/create-account?order_id=7&token=SECRET-ORDER-TOKEN', referer)).toBe(200);
    expect(await get('/api/reset-password?token=SECRET-API-TOKEN', referer)).toBe(200);
    expect(await get('/account/unsubscribe?token=SECRET-UNSUBSCRIBE', referer)).toBe(200);
    expect(await get('/no-such-page?token=SECRET-404', referer)).toBe(404);

    // The log is buffered: nginx writes it out as it stops.
    await nginx?.stop();
    const log = await readFile(path.join(confDir, 'access.log'), 'utf8');
    expect(log).toContain('"GET /reset-password HTTP/1.1" 200 ');
    expect(log).toContain('"GET /create-account HTTP/1.1" 200 ');
    expect(log).toContain('"GET /api/reset-password HTTP/1.1" 200 ');
    expect(log).toContain('"GET /account/unsubscribe HTTP/1.1" 200 ');
    // The path asked for, not the page nginx answered it with.
    expect(log).toContain('"GET /no-such-page HTTP/1.1" 404 ');
    expect(log).not.toContain('SECRET');
    expect(log).not.toContain('token');
  });
});
