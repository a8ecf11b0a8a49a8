import MimeNode from 'nodemailer/lib/mime-node';
import type { MailMessage } from './mailer.ts';

/** A message as SMTP carries it: the envelope's addresses, the message itself and its Message-ID. */
export type ComposedMail = { envelope: { from: string; to: string[] }; raw: string; messageId: string };

/**
 * The message as it leaves over SMTP: text and HTML alternatives of one message. nodemailer's MimeNode
 * writes the headers (addresses, encoded words, Date, Message-ID, the boundary) and the envelope; each
 * part is base64 from Node's own encoder. nodemailer's composer, which encodes the parts in JavaScript
 * through a stream each, spent about 1.6 times the CPU per message: on launch night, the worker's
 * largest single cost.
 */
export function composeMail(message: MailMessage & { from: string; replyTo: string }): ComposedMail {
  const root = new MimeNode('multipart/alternative');
  root.setHeader({
    ...message.headers,
    from: message.from,
    'reply-to': message.replyTo,
    to: message.to,
    subject: message.subject,
  });
  const headers = root.buildHeaders();
  const boundary = root.boundary;
  if (typeof boundary !== 'string') throw new Error('The message has no multipart boundary');
  const { from, to } = root.getEnvelope();
  if (!from || to.length === 0) throw new Error('The message has no sender or no recipient');
  const raw = [
    headers,
    '',
    `--${boundary}`,
    part('text/plain', message.text),
    `--${boundary}`,
    part('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { envelope: { from, to }, raw, messageId: root.messageId() };
}

/** One alternative: its lines in canonical CRLF form (RFC 2045 §6.8), base64 in lines of 76. */
function part(contentType: string, content: string): string {
  const base64 = Buffer.from(content.replace(/\r\n|\r|\n/g, '\r\n')).toString('base64');
  const lines = base64.match(/.{1,76}/g) ?? [];
  return [
    `Content-Type: ${contentType}; charset=utf-8`,
    'Content-Transfer-Encoding: base64',
    '',
    ...lines,
  ].join('\r\n');
}
