import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that accepts every message, for tests and benchmarks of the pooled transport:
 * it records each recipient (one entry per message and recipient), the connections it was opened, the
 * most open at once and when the last message arrived. `delayMs` answers each message that much later,
 * as a real relay takes its time; with `keepMessages`, `messages` holds each message as it arrived, with
 * its envelope (MAIL FROM and RCPT TO).
 */
export async function startSmtpSink(options: { delayMs?: number; keepMessages?: boolean } = {}) {
  const { delayMs = 0, keepMessages = false } = options;
  let open = 0;
  const sink = {
    url: '',
    recipients: [] as string[],
    messages: [] as { mailFrom: string | null; rcptTo: string[]; raw: Buffer }[],
    connections: 0,
    mostAtOnce: 0,
    /** performance.now() when the last message was accepted; 0 before any. */
    lastDeliveredAt: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      sink.connections += 1;
      open += 1;
      sink.mostAtOnce = Math.max(sink.mostAtOnce, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      if (keepMessages) stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      else stream.resume();
      stream.on('end', () => {
        if (keepMessages) {
          const { mailFrom, rcptTo } = session.envelope;
          sink.messages.push({
            mailFrom: mailFrom ? mailFrom.address : null,
            rcptTo: rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks),
          });
        }
        setTimeout(() => {
          sink.recipients.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          sink.lastDeliveredAt = performance.now();
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return sink;
}
