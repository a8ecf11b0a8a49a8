// The development console of `npm start`: every process's output, one line at a time behind its name.
// A line that says the same as the one before it (a reconnecting Redis client, an upstream that is down)
// is counted instead of printed again, and a request the browser gave up on is one short line instead of
// an error with its stack.

/** Fields that differ between two lines saying the same thing. */
const VOLATILE_FIELDS = ['time', 'pid', 'hostname', 'requestId', 'ms', 'trace_id', 'span_id'];

/**
 * Error codes and messages of a request the client closed before it was answered. A service behind the
 * gateway sees its half-sent body end early (HPE_INVALID_EOF_STATE); one reached directly, an aborted
 * body (ECONNABORTED).
 */
const ABORT_CODES = new Set([
  'ECONNABORTED',
  'ECONNRESET',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'HPE_INVALID_EOF_STATE',
]);
const ABORT_MESSAGE = /^(request aborted|aborted|socket hang up|premature close)$/i;

type LogEntry = {
  msg?: string;
  method?: string;
  path?: string;
  err?: { message?: string; code?: string; type?: string };
  [field: string]: unknown;
};

function parseEntry(line: string): LogEntry | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as LogEntry) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a line says, for comparing it with the one before: a JSON log line without its time, process
 * and request ids, or an nginx line without its timestamp, worker and connection numbers.
 */
export function lineKey(line: string): string {
  const entry = parseEntry(line);
  if (entry) {
    const rest: Record<string, unknown> = { ...entry };
    for (const field of VOLATILE_FIELDS) delete rest[field];
    return JSON.stringify(rest);
  }
  return line.replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d (\[\w+\]) \d+#\d+: (\*\d+ )?/, '$1 ');
}

/** One line for a log entry about a request the client aborted, or undefined for any other line. */
export function abortedRequestLine(line: string): string | undefined {
  const entry = parseEntry(line);
  const err = entry?.err;
  if (!entry || !err || typeof err !== 'object') return undefined;
  const aborted =
    (err.code !== undefined && ABORT_CODES.has(err.code)) ||
    err.type === 'request.aborted' ||
    ABORT_MESSAGE.test(err.message ?? '');
  if (!aborted) return undefined;
  const request = [entry.method, entry.path].filter(Boolean).join(' ');
  return `client closed the request${request ? ` ${request}` : ''} before its answer (${err.code ?? err.message})`;
}

type Options = {
  /** Prepended to every line (the process's name). */
  prefix: string;
  write: (text: string) => void;
  /** How long a run of repeats may stay unreported while nothing else is printed. */
  quietMs?: number;
};

/**
 * Feeds one process's output stream to the console: whole lines only (a chunk may end mid-line), with
 * repeats collapsed into "… repeated N times" once something else is printed, the stream ends, or the
 * process has been quiet for `quietMs`.
 */
export class ProcessConsole {
  private readonly prefix: string;
  private readonly write: (text: string) => void;
  private readonly quietMs: number;
  private partial = '';
  private lastKey: string | undefined;
  private repeats = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: Options) {
    this.prefix = options.prefix;
    this.write = options.write;
    this.quietMs = options.quietMs ?? 2_000;
  }

  push(chunk: Buffer | string): void {
    const lines = (this.partial + chunk.toString()).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line.replace(/\r$/, ''));
  }

  /** The stream ended: print what is left. */
  end(): void {
    if (this.partial) this.line(this.partial);
    this.partial = '';
    this.reportRepeats();
  }

  private line(text: string): void {
    if (!text.trim()) return;
    const shown = abortedRequestLine(text) ?? text;
    const key = lineKey(shown);
    if (key === this.lastKey) {
      this.repeats += 1;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.reportRepeats(), this.quietMs);
      this.timer.unref();
      return;
    }
    this.reportRepeats();
    this.lastKey = key;
    this.write(`${this.prefix}${shown}\n`);
  }

  private reportRepeats(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.repeats === 0) return;
    this.write(`${this.prefix}… repeated ${this.repeats} ${this.repeats === 1 ? 'time' : 'times'}\n`);
    this.repeats = 0;
  }
}
