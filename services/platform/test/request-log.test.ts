import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { OutsideServiceError } from '../src/errors.ts';
import { createServiceApp, notFoundFallback } from '../src/http/service-app.ts';
import { createClient, createTestDeps, listen } from '../src/testing.ts';

const deps = createTestDeps();
afterAll(() => deps.close());

/** The service chain with a logger at `level` that keeps its lines. */
async function serviceLoggingAt(level: string, routes?: (app: ReturnType<typeof createServiceApp>) => void) {
  const lines: {
    level: number;
    msg: string;
    requestId?: string;
    status?: number;
    path?: string;
    err?: unknown;
    outside?: string;
  }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = createServiceApp({ ...deps, logger: pino({ level }, stream) });
  routes?.(app);
  app.use(notFoundFallback());
  const server = await listen(app);
  return { lines, client: createClient(server.url), close: server.close };
}

describe('access log', () => {
  it('at info, a 2xx answer writes no line and a refused request writes one with its request id', async () => {
    const service = await serviceLoggingAt('info');
    expect((await service.client.request('/healthz')).status).toBe(200);
    const refused = await service.client.request('/nothing-here', {
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('x-request-id')).toBe('trace-12345678');
    await service.close();
    const requests = service.lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ level: 30, path: '/nothing-here', status: 404, requestId: 'trace-12345678' }),
    ]);
  });

  it('at debug, every request writes a line, each with the request id it answered with', async () => {
    const service = await serviceLoggingAt('debug');
    const answer = await service.client.request('/healthz');
    await service.close();
    const requests = service.lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        level: 20,
        path: '/healthz',
        status: 200,
        requestId: answer.headers.get('x-request-id'),
      }),
    ]);
  });
});

describe('error log', () => {
  it('writes our own failure at error level with its stack, and an outside service that failed as a warning without one', async () => {
    const service = await serviceLoggingAt('info', (app) =>
      app.use(async (ctx, next) => {
        if (ctx.path === '/ours') throw new Error('a bug of ours');
        if (ctx.path === '/outside')
          throw new OutsideServiceError(
            'Vimeo could not be reached.',
            new TypeError('fetch failed', {
              cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
            }),
          );
        await next();
      }),
    );
    const ours = await service.client.request('/ours');
    const outside = await service.client.request('/outside');
    await service.close();
    expect([ours.status, outside.status]).toEqual([500, 503]);
    expect(await outside.json()).toEqual({ error: 'Vimeo could not be reached.' });
    const failures = service.lines.filter((line) => line.level >= 40 && line.msg !== 'request');
    expect(failures).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        err: expect.objectContaining({ stack: expect.any(String) }),
      }),
      {
        ...failures[1],
        level: 40,
        msg: 'an outside service failed',
        outside: 'Vimeo could not be reached.',
        reason: 'ECONNREFUSED',
      },
    ]);
    expect(JSON.stringify(failures[1])).not.toContain('stack');
  });
});
