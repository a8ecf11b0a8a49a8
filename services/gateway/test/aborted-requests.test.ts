import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { eventually, listen, testConfig } from '@sleep-ritual/platform/testing';
import { createGateway } from '../src/app.ts';

// A client that goes away in the middle of a file (a closed tab, a skipped track) is one line in the
// log, with no stack trace and nothing at error level.
const root = mkdtempSync(path.join(tmpdir(), 'gateway-aborted-'));
const site = path.join(root, 'site');
const mediaDir = path.join(root, 'media');
mkdirSync(site, { recursive: true });
mkdirSync(path.join(mediaDir, 'demo'), { recursive: true });
writeFileSync(path.join(site, 'index.html'), '<h1>Home</h1>');
// A large image: public, so no catalog need say who may have it.
writeFileSync(path.join(mediaDir, 'demo', 'poster.png'), Buffer.alloc(32 * 1024 * 1024, 1));

const lines: { level: number; msg: string; err?: unknown; path?: string }[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
let gateway: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const config = testConfig({ MEDIA_DIR: mediaDir, CATALOG_PORT: '1', AUTH_PORT: '1' });
  gateway = await listen(createGateway({ config, logger, marketingDir: site, membersAppDir: site }));
});
afterAll(() => gateway.close());

it('logs a client that closed the connection mid-file as one info line, with no stack trace', async () => {
  await new Promise<void>((resolve, reject) => {
    const request = http.get(`${gateway.url}/media/demo/poster.png`, (response) => {
      expect(response.statusCode).toBe(200);
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
  await eventually(
    async () =>
      lines.some((line) => line.msg === 'the client closed the connection before the answer was sent'),
    { what: 'the aborted request to be logged', timeoutMs: 10_000 },
  );
  const aborted = lines.find((line) => line.msg.startsWith('the client closed'))!;
  expect(aborted).toMatchObject({ level: 30, path: '/media/demo/poster.png' });
  expect(aborted.err).toBeUndefined();
  expect(lines.filter((line) => line.level >= 50)).toEqual([]);
});
