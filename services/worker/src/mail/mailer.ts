import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '@sleep-ritual/platform/config';
import type { Logger } from '@sleep-ritual/platform/logger';
import { inSpan } from '@sleep-ritual/platform/telemetry';
import type { OutboxMail } from '../outbox.ts';
import { mailComposer } from './mime.ts';
import type { MailContent } from './templates.ts';

/** `headers` are extra message headers (a reminder's List-Unsubscribe); they reach the outbox file too. */
export type MailMessage = MailContent & { to: string; headers?: Record<string, string> };
/**
 * Whom a message is for, for the log line: the member's id, never their address, which would stay in
 * the logs after the member deleted their account (absent for a message to the support address).
 */
export type MailRecipient = { userId?: number };
export type Mailer = { send(message: MailMessage, recipient?: MailRecipient): Promise<void>; close(): void };

type MailConfig = Pick<Config, 'smtpUrl' | 'smtpMaxConnections' | 'mailFrom' | 'supportEmail' | 'outboxDir'>;

/**
 * Sends through SMTP_URL when it is set, over a pool of SMTP_MAX_CONNECTIONS connections: on launch
 * night one connection per message (or one at all) leaves a burst of orders waiting on handshakes,
 * while a pool hands each message to the first free connection and reuses it. Otherwise nodemailer still builds each message, which is then
 * logged and written to the outbox folder as one JSON file, for developers and tests to read.
 */
export function createMailer(config: MailConfig, logger: Logger): Mailer {
  const mailer = untracedMailer(config, logger);
  // A span per message, in the trace of the job that sends it; what it says is only how it went out.
  const attributes = { 'email.transport': config.smtpUrl ? 'smtp' : 'outbox' };
  return {
    send: (message, recipient) => inSpan('email send', attributes, () => mailer.send(message, recipient)),
    close: () => mailer.close(),
  };
}

/**
 * An SMTP refusal as the job's failure keeps it (logged at each attempt, kept with a failed job): its
 * codes and the step that failed, not the server's words, which usually name the recipient's address.
 */
export function withoutAddress(error: unknown): Error {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  const parts = [code, responseCode, command].filter(
    (part) => typeof part === 'string' || typeof part === 'number',
  );
  return new Error(`The mail server refused the message${parts.length > 0 ? ` (${parts.join(' ')})` : ''}.`);
}

function untracedMailer(config: MailConfig, logger: Logger): Mailer {
  const sender = { from: config.mailFrom, replyTo: config.supportEmail };
  if (config.smtpUrl) {
    // Settings written in SMTP_URL's query (?maxConnections=…) win over these.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: config.smtpMaxConnections,
      // A server that stops answering ends the send within a minute or two, inside an e-mail job's send
      // lease (SEND_LEASE_MS).
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    const compose = mailComposer(sender);
    return {
      async send(message, recipient = {}) {
        const { envelope, raw, messageId } = compose(message);
        await transport.sendMail({ envelope, raw, messageId }).catch((error: unknown) => {
          throw withoutAddress(error);
        });
        logger.info({ userId: recipient.userId, subject: message.subject, messageId }, 'e-mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ jsonTransport: true });
  let folderReady: Promise<unknown> | undefined;
  return {
    async send(message, recipient = {}) {
      const info = await transport.sendMail({ ...sender, ...message });
      const mail: Omit<OutboxMail, 'file'> = {
        ...sender,
        ...message,
        messageId: info.messageId,
        sentAt: new Date().toISOString(),
      };
      // The folder is made once, and again should someone remove it while the worker runs.
      folderReady ??= mkdir(config.outboxDir, { recursive: true });
      await folderReady;
      const file = await writeToOutbox(config.outboxDir, mail).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        folderReady = mkdir(config.outboxDir, { recursive: true });
        await folderReady;
        return writeToOutbox(config.outboxDir, mail);
      });
      logger.info(
        { userId: recipient.userId, subject: message.subject, file },
        'e-mail written to the outbox (SMTP_URL is not set)',
      );
    },
    close: () => transport.close(),
  };
}

/**
 * One file per message, named so that a listing sorts oldest first; written whole, then renamed. The
 * name (which the log line shows) carries no address; the recipient is inside the file.
 */
async function writeToOutbox(dir: string, mail: Omit<OutboxMail, 'file'>): Promise<string> {
  const name = `${Date.now().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}.json`;
  const file = path.join(dir, name);
  await writeFile(`${file}.tmp`, `${JSON.stringify(mail, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return file;
}
