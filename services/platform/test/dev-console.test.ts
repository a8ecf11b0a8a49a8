import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProcessConsole } from '../../../scripts/lib/dev-console.ts';

function pinoLine(fields: Record<string, unknown>, time = Date.now()): string {
  return JSON.stringify({ level: 40, time, pid: 4242, hostname: 'vm', name: 'catalog', ...fields });
}

function consoleFor(options: { quietMs?: number } = {}) {
  const printed: string[] = [];
  const output = new ProcessConsole({
    prefix: '[catalog]  ',
    write: (text) => printed.push(...text.split('\n').filter(Boolean)),
    ...options,
  });
  return { output, printed };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the development console', () => {
  it('prints a line once and counts its repeats, reported when a different line comes', () => {
    const { output, printed } = consoleFor();
    const redisDown = (time: number) => pinoLine({ err: 'connect ECONNREFUSED', msg: 'redis error' }, time);
    for (let i = 0; i < 6; i += 1) output.push(`${redisDown(1000 + i)}\n`);
    output.push(`${pinoLine({ level: 30, msg: 'catalog listening', port: 4102 })}\n`);

    expect(printed).toHaveLength(3);
    expect(printed[0]).toBe(`[catalog]  ${redisDown(1000)}`);
    expect(printed[1]).toBe('[catalog]  … repeated 5 times');
    expect(printed[2]).toContain('"msg":"catalog listening"');
  });

  it('takes lines that differ only in time, process and request ids for repeats', () => {
    const { output, printed } = consoleFor();
    output.push(
      `${pinoLine({ requestId: 'a1', ms: 3, msg: 'request', status: 503 }, 1)}\n` +
        `${JSON.stringify({ level: 40, time: 2, pid: 9, hostname: 'other', name: 'catalog', requestId: 'b2', ms: 7, msg: 'request', status: 503 })}\n`,
    );
    output.end();
    expect(printed).toEqual([
      `[catalog]  ${pinoLine({ requestId: 'a1', ms: 3, msg: 'request', status: 503 }, 1)}`,
      '[catalog]  … repeated 1 time',
    ]);
  });

  it('keeps lines that differ in what they say', () => {
    const { output, printed } = consoleFor();
    output.push(
      `${pinoLine({ msg: 'request', path: '/api/a' })}\n${pinoLine({ msg: 'request', path: '/api/b' })}\n`,
    );
    output.end();
    expect(printed).toHaveLength(2);
    expect(printed.join('\n')).not.toContain('repeated');
  });

  it("collapses nginx's repeated errors, whose time and connection numbers differ", () => {
    const { output, printed } = consoleFor();
    output.push(
      '2026/11/25 03:41:00 [error] 311#311: *17 connect() failed (111: Connection refused) while connecting to upstream\n' +
        '2026/11/25 03:41:01 [error] 312#312: *18 connect() failed (111: Connection refused) while connecting to upstream\n' +
        '2026/11/25 03:41:02 [error] 311#311: *40 connect() failed (111: Connection refused) while connecting to upstream\n',
    );
    output.end();
    expect(printed).toHaveLength(2);
    expect(printed[1]).toBe('[catalog]  … repeated 2 times');
  });

  it('joins a line split across chunks before looking at it', () => {
    const { output, printed } = consoleFor();
    const line = pinoLine({ msg: 'catalog listening' });
    output.push(line.slice(0, 20));
    expect(printed).toEqual([]);
    output.push(`${line.slice(20)}\n${line.slice(0, 5)}`);
    expect(printed).toEqual([`[catalog]  ${line}`]);
    output.end();
    expect(printed).toEqual([`[catalog]  ${line}`, `[catalog]  ${line.slice(0, 5)}`]);
  });

  it('reports a run of repeats once the process has been quiet for a while', () => {
    vi.useFakeTimers();
    const { output, printed } = consoleFor({ quietMs: 2_000 });
    const line = pinoLine({ msg: 'redis error' });
    output.push(`${line}\n${line}\n${line}\n`);
    expect(printed).toHaveLength(1);
    vi.advanceTimersByTime(1_999);
    expect(printed).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(printed).toEqual([`[catalog]  ${line}`, '[catalog]  … repeated 2 times']);

    // Still the same line afterwards: counted again from zero.
    output.push(`${line}\n`);
    vi.advanceTimersByTime(2_000);
    expect(printed.at(-1)).toBe('[catalog]  … repeated 1 time');
  });

  it('shows a request the client aborted as one line, without the stack', () => {
    const { output, printed } = consoleFor();
    const stack =
      'BadRequestError: request aborted\n    at IncomingMessage.onAborted (raw-body/index.js:245:10)';
    output.push(
      `${pinoLine({
        level: 50,
        requestId: 'c3',
        method: 'POST',
        path: '/api/progress/12',
        err: { type: 'BadRequestError', message: 'request aborted', code: 'ECONNABORTED', stack },
        msg: 'request failed',
      })}\n`,
    );
    output.end();
    expect(printed).toEqual([
      '[catalog]  client closed the request POST /api/progress/12 before its answer (ECONNABORTED)',
    ]);
  });

  it('shortens the error of a body cut short when the gateway hung up for its client', () => {
    const { output, printed } = consoleFor();
    output.push(
      `${pinoLine({
        level: 50,
        requestId: '16625643',
        err: {
          type: 'Error',
          message: 'Parse Error',
          stack: 'Error: Parse Error\n    at socketOnEnd (node:_http_server:802:22)',
          code: 'HPE_INVALID_EOF_STATE',
          reason: 'Invalid EOF state',
          headerSent: true,
        },
        msg: 'request failed',
      })}\n`,
    );
    expect(printed).toEqual([
      '[catalog]  client closed the request before its answer (HPE_INVALID_EOF_STATE)',
    ]);
  });

  it('leaves other errors, stack and all, as they are', () => {
    const { output, printed } = consoleFor();
    const line = pinoLine({
      level: 50,
      err: {
        type: 'TypeError',
        message: "Cannot read properties of undefined (reading 'id')",
        stack: 'TypeError…',
      },
      msg: 'request failed',
    });
    output.push(`${line}\n`);
    expect(printed).toEqual([`[catalog]  ${line}`]);
  });
});
