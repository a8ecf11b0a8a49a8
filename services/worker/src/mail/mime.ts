import { randomUUID } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import type { MailMessage } from './mailer.ts';

/** A message as SMTP carries it: the envelope's addresses, the message itself and its Message-ID. */
export type ComposedMail = { envelope: { from: string; to: string[] }; raw: string; messageId: string };

/**
 * The message as it leaves over SMTP: text and HTML alternatives of one message. nodemailer's MimeNode
 * writes the headers (addresses, encoded words, Date, the boundary) and parses the envelope's
 * addresses; each part is base64 from Node's own encoder. nodemailer's composer, which encodes the
 * parts in JavaScript through a stream each, spent about 1.6 times the CPU per message: on launch
 * night, the worker's largest single cost. The Message-ID is a random UUID at the sender's domain,
 * made here once (MimeNode's own takes five reads of random bytes and a second parse of the addresses,
 * and nodemailer's send would make another), and the sender's address is parsed once per process. The
 * envelope's recipients are `message.to`'s: no caller puts To, Cc or Bcc in `message.headers`.
 */
export function composeMail(message: MailMessage & { from: string; replyTo: string }): ComposedMail {
  const from = senderAddress(message.from);
  const to = envelopeAddresses('to', message.to);
  if (!from || to.length === 0) throw new Error('The message has no sender or no recipient');
  const messageId = `<${randomUUID()}@${from.slice(from.lastIndexOf('@') + 1)}>`;
  const root = new MimeNode('multipart/alternative');
  root.setHeader({
    ...message.headers,
    from: message.from,
    'reply-to': message.replyTo,
    to: message.to,
    subject: message.subject,
    'message-id': messageId,
  });
  const headers = root.buildHeaders();
  const boundary = root.boundary;
  if (typeof boundary !== 'string') throw new Error('The message has no multipart boundary');
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
  return { envelope: { from, to: [...to] }, raw, messageId };
}

/** The envelope's addresses of one address header, as nodemailer writes them (punycode domains, …). */
function envelopeAddresses(header: 'from' | 'to', value: string): string[] {
  const node = new MimeNode();
  node.setHeader(header, value);
  const { from, to } = node.getEnvelope();
  if (header === 'to') return to;
  return from ? [from] : [];
}

/** MAIL_FROM's address, parsed once per value: every message of the process has the same sender. */
const senders = new Map<string, string | undefined>();
function senderAddress(from: string): string | undefined {
  if (!senders.has(from)) senders.set(from, envelopeAddresses('from', from)[0]);
  return senders.get(from);
}

/** One alternative: its lines in canonical CRLF form (RFC 2045 §6.8), base64 in lines of 76. */
function part(contentType: string, content: string): string {
  const base64 = Buffer.from(content.replace(/\r\n|\r|\n/g, '\r\n')).toString('base64');
  const lines = [`Content-Type: ${contentType}; charset=utf-8`, 'Content-Transfer-Encoding: base64', ''];
  for (let start = 0; start < base64.length; start += 76) lines.push(base64.slice(start, start + 76));
  return lines.join('\r\n');
}
