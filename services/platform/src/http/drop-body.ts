import type { IncomingMessage } from 'node:http';

/**
 * Reads and drops what is left of a request's body once its answer is decided, so its sender (a browser,
 * nginx streaming an upload) finishes sending and reads the answer, and a kept-alive connection serves
 * its next call. A body going on past `limits.bytes` more, or for longer than `limits.ms`, is cut off.
 * `done` hears when the body has ended (`cut` false) or was cut off (`cut` true); by default a cut
 * closes the connection.
 */
export function dropRestOfBody(
  req: IncomingMessage,
  limits: { bytes: number; ms: number },
  done: (cut: boolean) => void = (cut) => {
    if (cut) req.socket.destroy();
  },
): void {
  if (req.readableEnded || req.complete || req.destroyed) return done(false);
  let dropped = 0;
  const finish = (cut: boolean) => {
    clearTimeout(timer);
    req.off('data', drop).off('end', ended).off('close', ended);
    done(cut);
  };
  const ended = () => finish(false);
  const drop = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.bytes) finish(true);
  };
  const timer = setTimeout(() => finish(true), limits.ms);
  timer.unref();
  req.on('data', drop).once('end', ended).once('close', ended);
  req.resume();
}
