import net from 'node:net';

/**
 * For robustness tests of an origin (the gateway, nginx): the bodies an attacker sends, and a client
 * that sends them over a raw socket and judges only what a client can observe.
 */

const MB = 1024 * 1024;
/**
 * `refused`: the body must be refused (4xx). A wide body is within the limits and valid JSON, so a call
 * that takes no body (signing out, ThriveCart's URL check) may accept it, and the webhook takes text
 * that is not UTF-8 rather than lose an order (every other call refuses it); none may fail on it.
 */
export type HostileBody = {
  name: string;
  bytes: () => Buffer | number;
  refused: boolean;
  /** Headers sent besides the JSON content type and the framing. */
  headers?: string[];
};
export const hostileBodies: HostileBody[] = [
  {
    name: 'nested 40,000 arrays deep',
    bytes: () => Buffer.from(`${'['.repeat(40_000)}${']'.repeat(40_000)}`),
    refused: true,
  },
  {
    name: 'nested 15,000 objects deep',
    bytes: () => Buffer.from(`${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`),
    refused: true,
  },
  {
    name: 'an array 40,000 wide',
    bytes: () => Buffer.from(`[${Array(40_000).fill('0').join(',')}]`),
    refused: false,
  },
  {
    name: 'an object 8,000 keys wide',
    bytes: () => Buffer.from(`{${Array.from({ length: 8_000 }, (_, n) => `"k${n}":0`).join(',')}}`),
    refused: false,
  },
  {
    name: 'declared gzip but not gzip',
    bytes: () => Buffer.from('{"title":"plain"}'),
    refused: true,
    headers: ['Content-Encoding: gzip'],
  },
  {
    name: 'not UTF-8',
    bytes: () =>
      Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]),
    refused: false,
  },
  { name: 'a lone surrogate', bytes: () => Buffer.from('{"title":"\\ud800"}'), refused: false },
  { name: '5 MB', bytes: () => 5 * MB, refused: true },
  { name: '50 MB', bytes: () => 50 * MB, refused: true },
];

export type RawAnswer = { status: number; headers: string; body: string };

/**
 * One request over a raw socket, sending the whole body whatever the server says meanwhile, as a naive
 * client does: it fails if the connection is reset or closed before the client has both sent every
 * byte and read the whole answer.
 */
export function sendRawRequest(
  origin: { host: string; port: number },
  endpoint: { method: string; path: string },
  body: Buffer | number,
  framing: 'declared' | 'chunked',
  headers: string[] = [],
): Promise<RawAnswer> {
  const size = typeof body === 'number' ? body : body.length;
  const head = [
    `${endpoint.method} ${endpoint.path} HTTP/1.1`,
    `Host: ${origin.host}:${origin.port}`,
    ...(headers.some((header) => /^content-type:/i.test(header)) ? [] : ['Content-Type: application/json']),
    ...headers,
    framing === 'declared' ? `Content-Length: ${size}` : 'Transfer-Encoding: chunked',
    '',
    '',
  ].join('\r\n');
  const filler = Buffer.alloc(MB, '9');
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: origin.host, port: origin.port, allowHalfOpen: true });
    let received = Buffer.alloc(0);
    let answer: RawAnswer | undefined;
    let sent = false;
    const done = () => {
      if (!answer || !sent) return;
      socket.destroy();
      resolve(answer);
    };
    socket.on('error', (error) =>
      reject(
        new Error(
          `${endpoint.method} ${endpoint.path}: ${error.message} (answer: ${String(answer?.status)})`,
        ),
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      answer ??= parseAnswer(received);
      done();
    });
    socket.on('end', () => {
      if (!answer) reject(new Error(`${endpoint.method} ${endpoint.path}: closed with no whole answer`));
    });
    socket.on('connect', async () => {
      const write = (data: Buffer | string) =>
        socket.write(data) ? Promise.resolve() : new Promise<void>((ok) => socket.once('drain', ok));
      const chunk = (data: Buffer) =>
        framing === 'declared'
          ? write(data)
          : write(Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]));
      try {
        await write(head);
        if (typeof body === 'number') {
          for (let left = body; left > 0 && !socket.destroyed; left -= filler.length) {
            await chunk(left >= filler.length ? filler : filler.subarray(0, left));
          }
        } else {
          await chunk(body);
        }
        if (framing === 'chunked') await write('0\r\n\r\n');
        sent = true;
        done();
      } catch {
        // The socket's error event says what happened.
      }
    });
  });
}

/** The answer, once the received bytes hold all of it (by Content-Length, or chunked to its end). */
function parseAnswer(bytes: Buffer): RawAnswer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const headers = bytes.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]);
  const rest = bytes.subarray(end + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(headers)?.[1];
  if (length !== undefined) {
    return rest.length >= Number(length)
      ? { status, headers, body: rest.subarray(0, Number(length)).toString() }
      : undefined;
  }
  if (/\r\ntransfer-encoding: *chunked/i.test(headers)) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const line = rest.indexOf('\r\n', at);
      if (line === -1) return undefined;
      const size = parseInt(rest.subarray(at, line).toString(), 16);
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString() };
      if (rest.length < line + 2 + size + 2) return undefined;
      parts.push(rest.subarray(line + 2, line + 2 + size));
      at = line + 2 + size + 2;
    }
  }
  return { status, headers, body: rest.toString() };
}

/**
 * Sends the body to every endpoint (four at a time) and lists each answer a client should not get: a
 * 5xx, a dropped connection (thrown), a body the call had to refuse but took, or a refusal that is not
 * the JSON error shape (`plain413`: nginx's own 413 page is allowed).
 */
export async function wrongAnswers(
  origin: { host: string; port: number },
  endpoints: { method: string; path: string }[],
  body: HostileBody,
  framing: 'declared' | 'chunked',
  options: { plain413: boolean },
): Promise<string[]> {
  const bytes = body.bytes();
  const wrong: string[] = [];
  for (let at = 0; at < endpoints.length; at += 4) {
    const answers = await Promise.all(
      endpoints
        .slice(at, at + 4)
        .map(
          async (endpoint) =>
            [endpoint, await sendRawRequest(origin, endpoint, bytes, framing, body.headers)] as const,
        ),
    );
    for (const [endpoint, answer] of answers) {
      const where = `${endpoint.method} ${endpoint.path} (${body.name}, ${framing}): ${answer.status} ${answer.body.slice(0, 200)}`;
      if (answer.status >= 500 || (body.refused && answer.status < 400)) wrong.push(where);
      else if (answer.status < 400) continue;
      else if (/content-type: application\/json/i.test(answer.headers)) {
        if (typeof (JSON.parse(answer.body) as { error?: unknown }).error !== 'string') wrong.push(where);
      } else if (!options.plain413 || answer.status !== 413) wrong.push(where);
    }
  }
  return wrong;
}
