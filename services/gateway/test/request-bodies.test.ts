import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createAuthApp } from '@sleep-ritual/auth/app';
import { createApp as createCatalogApp } from '@sleep-ritual/catalog/app';
import { createApp as createProgressApp } from '@sleep-ritual/progress/app';
import { createApp as createWebhooksApp } from '@sleep-ritual/webhooks/app';
import { apiRoutes, uploadRoutes, type ServiceName } from '@sleep-ritual/platform/routes';
import { TRANSCRIPT_MAX_BYTES } from '@sleep-ritual/contracts/webvtt';
import { createTestDeps, freePort, listen, testConfig } from '@sleep-ritual/platform/testing';
import { runTestNginx } from '@sleep-ritual/platform/testing-nginx';
import { hostileBodies, sendRawRequest, wrongAnswers } from '@sleep-ritual/platform/testing-raw-request';
import { openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { localNginxArgs, renderLocalNginx, thisMachine } from '../../../scripts/render-nginx.ts';
import { createGateway } from '../src/app.ts';

// Every write endpoint of every service, read from the services' own routers and the route table, gets
// the bodies an attacker would send: nesting thousands deep, arrays and objects tens of thousands wide,
// 5 MB and 50 MB, each declared (Content-Length) and chunked. Through the development gateway and
// through nginx with the configuration `npm run start:prod` renders, each answer is a 4xx the client
// reads in full while it is still sending: never a 500, never a reset connection.

const deps = createTestDeps();
const servers: { close(): Promise<void> }[] = [];
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let dir: string;
let nginx: Awaited<ReturnType<typeof runTestNginx>> | undefined;
const origins: Record<'gateway' | 'nginx', { host: string; port: number }> = {
  gateway: { host: '127.0.0.1', port: 0 },
  nginx: { host: '127.0.0.1', port: 0 },
};
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

type Endpoint = { method: string; path: string };

/** The write routes a service's routers declare (`:id` and the like filled with 1). */
function writeRoutes(app: Koa): Endpoint[] {
  const found: Endpoint[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: { stack: { path: string; methods: string[] }[] } }).router;
    for (const layer of router?.stack ?? []) {
      const filled = layer.path.replace(/:[A-Za-z]+(\([^)]*\))?/g, '1');
      for (const method of layer.methods.filter((name) => WRITE_METHODS.includes(name))) {
        found.push({ method, path: filled });
      }
    }
  }
  return found;
}

let endpoints: Endpoint[] = [];

/** Every write route of every service, and a POST to every prefix of the route table (the queue view's calls are not a router of ours). */
function writeEndpoints(apps: Koa[]): Endpoint[] {
  const all = [
    ...apps.flatMap(writeRoutes),
    ...Object.values(apiRoutes)
      .flat()
      .map((prefix) => ({ method: 'POST', path: prefix })),
  ];
  return [...new Map(all.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint])).values()];
}

beforeAll(async () => {
  queues = await openTestQueues(deps.config, uniqueQueuePrefix('bodies'));
  const apps: Record<ServiceName, Koa> = {
    auth: createAuthApp({ ...deps, sendEmail: async () => {}, forgetOrders: async () => 0 }),
    catalog: createCatalogApp({ ...deps, queues: { purchases: queues.purchases, emails: queues.emails } }),
    progress: createProgressApp(deps),
    webhooks: createWebhooksApp({ ...deps, purchasesQueue: queues.purchases }),
  };
  endpoints = writeEndpoints(Object.values(apps));
  const ports = {} as Record<ServiceName, number>;
  for (const [name, app] of Object.entries(apps) as [ServiceName, Koa][]) {
    const server = await listen(app);
    servers.push(server);
    ports[name] = Number(new URL(server.url).port);
  }
  dir = await mkdtemp(path.join(tmpdir(), 'request-bodies-'));
  await mkdir(path.join(dir, 'site'), { recursive: true });
  await writeFile(path.join(dir, 'site', 'index.html'), '<h1>Home</h1>');

  const config = testConfig({
    AUTH_PORT: String(ports.auth),
    CATALOG_PORT: String(ports.catalog),
    PROGRESS_PORT: String(ports.progress),
    WEBHOOKS_PORT: String(ports.webhooks),
    MEDIA_DIR: path.join(dir, 'site'),
  });
  const site = path.join(dir, 'site');
  const gateway = await listen(
    createGateway({ config, logger: deps.logger, marketingDir: site, membersAppDir: site }),
  );
  servers.push(gateway);
  origins.gateway.port = Number(new URL(gateway.url).port);

  origins.nginx.port = await freePort();
  const confDir = path.join(dir, 'nginx');
  const files = renderLocalNginx({
    dir: confDir,
    port: origins.nginx.port,
    upstreamPorts: {
      auth: [ports.auth],
      catalog: [ports.catalog],
      progress: [ports.progress],
      webhooks: [ports.webhooks],
    },
    roots: { marketing: site, membersApp: site, media: site },
    ipv6: false,
    ...thisMachine(),
  });
  nginx = await runTestNginx({
    confDir,
    files,
    args: localNginxArgs(confDir),
    base: `http://127.0.0.1:${origins.nginx.port}`,
  });
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  for (const server of servers.reverse()) await server.close();
  await queues?.dispose();
  await deps.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('finds the write endpoints of every service, uploads included', () => {
  const paths = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      'POST /api/login',
      'POST /api/create-account',
      'PUT /api/progress/1',
      'POST /api/webhooks/thrivecart',
      'POST /api/admin/classes',
      ...Object.keys(uploadRoutes).map((route) => `POST ${route}`),
    ]),
  );
  expect(endpoints.length).toBeGreaterThan(40);
});

describe.each(['gateway', 'nginx'] as const)('through %s', (originName) => {
  describe.each(hostileBodies)('a body $name', (body) => {
    it.each(['declared', 'chunked'] as const)(
      '%s, gets a 4xx (or a 2xx where no body is read) on every write endpoint, read in full while still sending',
      async (framing) => {
        // The services' and the gateway's refusals are JSON errors; nginx's own 413 is its page.
        const wrong = await wrongAnswers(origins[originName], endpoints, body, framing, {
          plain413: originName === 'nginx',
        });
        expect(wrong).toEqual([]);
      },
      120_000,
    );
  });
});

describe.each(['gateway', 'nginx'] as const)('a class transcript through %s', (originName) => {
  const transcript = { method: 'PUT', path: '/api/admin/classes/1/transcript' };
  const vtt = ['Content-Type: text/vtt'];
  it('reaches the catalog up to its 1 MB, which then answers for itself; larger is 413 at the edge', async () => {
    // Refused by the service for want of the admin session: the edge let the 200 kB through.
    const within = await sendRawRequest(origins[originName], transcript, 200_000, 'declared', vtt);
    expect(within.status).toBe(401);
    expect(JSON.parse(within.body)).toEqual({ error: expect.any(String) });
    const over = await sendRawRequest(
      origins[originName],
      transcript,
      TRANSCRIPT_MAX_BYTES + 64 * 1024,
      'declared',
    );
    expect(over.status).toBe(413);
    // Any other admin call under the same prefix keeps the 100 kB limit.
    const other = await sendRawRequest(
      origins[originName],
      { method: 'PUT', path: '/api/admin/classes/1' },
      200_000,
      'declared',
    );
    expect(other.status).toBe(413);
  });
});
