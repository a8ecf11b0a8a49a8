import { randomUUID } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import type { MailMessage } from './mailer.ts';

/** A message as SMTP carries it: the envelope's addresses, the message itself and its Message-ID. */
export type ComposedMail = { envelope: { from: string; to: string }; raw: string; messageId: string };

/**
 * Builds each message as it leaves over SMTP: text and HTML alternatives of one message. nodemailer's
 * MimeNode writes the headers (addresses, encoded words, Date, the boundary); each part is base64 from
 * Node's own encoder. nodemailer's composer, which encodes the parts in JavaScript through a stream
 * each, spent about 1.6 times the CPU per message: on launch night, the worker's largest single cost.
 * The sender's envelope address is found once, here (MAIL_FROM is checked at start-up); each Message-ID
 * is a random UUID at its domain (MimeNode's own takes five reads of random bytes and another parse of
 * the addresses, and nodemailer's send would make one more). The envelope's recipient is `message.to`,
 * which nodemailer's send parses as it takes the envelope.
 */
export function mailComposer(sender: {
  from: string;
  replyTo: string;
}): (message: MailMessage) => ComposedMail {
  const senderNode = new MimeNode();
  senderNode.setHeader('from', sender.from);
  const from = senderNode.getEnvelope().from;
  if (!from) throw new Error('MAIL_FROM has no address');
  const domain = from.slice(from.lastIndexOf('@') + 1);
  return (message) => {
    const messageId = `<${randomUUID()}@${domain}>`;
    const root = new MimeNode('multipart/alternative');
    root.setHeader({
      ...message.headers,
      from: sender.from,
      'reply-to': sender.replyTo,
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
    return { envelope: { from, to: message.to }, raw, messageId };
  };
}

/** One alternative: its lines in canonical CRLF form (RFC 2045 §6.8), base64 in lines of 76. */
function part(contentType: string, content: string): string {
  const base64 = Buffer.from(content.replace(/\r\n|\r|\n/g, '\r\n')).toString('base64');
  const lines = [`Content-Type: ${contentType}; charset=utf-8`, 'Content-Transfer-Encoding: base64', ''];
  for (let start = 0; start < base64.length; start += 76) lines.push(base64.slice(start, start + 76));
  return lines.join('\r\n');
}
