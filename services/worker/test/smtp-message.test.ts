import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@sleep-ritual/platform/logger';
import { testConfig } from '@sleep-ritual/platform/testing';
import { createMailer, type MailMessage } from '../src/mail/mailer.ts';
import { bedtimeReminderEmail, createAccountEmail } from '../src/mail/templates.ts';
import { startSmtpSink } from '../src/testing-smtp.ts';

/**
 * What a mail client reads of a message the worker sent over SMTP: the message as the mail server
 * received it, parsed by a MIME parser, carries every field, both alternatives and the extra headers
 * exactly, in any script.
 */

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const config = testConfig({ MAIL_FROM: 'Sleep Ritual <hello@sleep-ritual.test>' });

beforeAll(async () => {
  sink = await startSmtpSink({ keepMessages: true });
});
afterAll(() => sink.close());

/** Sends through the worker's mailer over SMTP and answers what arrived, raw and parsed. */
async function sentAndReceived(message: MailMessage) {
  const mailer = createMailer({ ...config, smtpUrl: sink.url }, createLogger({ level: 'silent', name: 'worker' }));
  const before = sink.messages.length;
  await mailer.send(message);
  mailer.close();
  const raw = sink.messages[before];
  if (!raw) throw new Error('The sink received nothing');
  return { raw: raw.toString('utf8'), parsed: await PostalMime.parse(raw) };
}

/** Line ends as a parser gives them back, to compare with what the templates wrote. */
const lf = (text: string | undefined) => text?.replace(/\r\n/g, '\n');

describe('a message sent over SMTP', () => {
  it('arrives with its addresses, subject, text and HTML exactly as written, accented and non-Latin too', async () => {
    const content = createAccountEmail({
      firstName: 'Zoë 夜',
      supportEmail: config.supportEmail,
      appUrl: config.publicAppUrl,
      programTitles: ['Nuits calmes — 6 nuits', '六晚睡眠仪式'],
      link: 'https://sleep-ritual.test/create-account?token=abc.def',
      signInUrl: 'https://sleep-ritual.test/sign-in',
    });
    const to = 'zoe@example.com';
    const { raw, parsed } = await sentAndReceived({ to, ...content });

    expect(parsed.from).toEqual({ address: 'hello@sleep-ritual.test', name: 'Sleep Ritual' });
    expect(parsed.to).toEqual([{ address: to, name: '' }]);
    expect(parsed.replyTo).toEqual([{ address: config.supportEmail, name: '' }]);
    expect(parsed.subject).toBe(content.subject);
    expect(lf(parsed.text)).toBe(lf(content.text));
    expect(lf(parsed.html)).toBe(lf(content.html));
    expect(parsed.text).toContain('Zoë 夜');
    expect(parsed.html).toContain('六晚睡眠仪式');
    expect(parsed.messageId).toMatch(/^<[^<>@\s]+@sleep-ritual\.test>$/);
    expect(parsed.date).toBeTruthy();
    // As SMTP requires: every line ends in CRLF and stays within 78 characters, all of it ASCII.
    const lines = raw.split('\r\n');
    expect(lines.every((line) => line.length <= 78 && !line.includes('\n') && !line.includes('\r'))).toBe(
      true,
    );
    expect(/^[\x20-\x7e\r\n\t]*$/.test(raw)).toBe(true);
  });

  it("carries a reminder's one-click unsubscribe headers, and a subject outside ASCII", async () => {
    const content = bedtimeReminderEmail({
      firstName: 'Ann',
      supportEmail: config.supportEmail,
      appUrl: config.publicAppUrl,
      label: 'Night 3',
      title: 'Letting the day go',
      durationMinutes: 21,
      classUrl: 'https://sleep-ritual.test/classes/3',
      unsubscribeUrl: 'https://sleep-ritual.test/api/reminders/unsubscribe?token=t1',
    });
    const headers = {
      'List-Unsubscribe': '<https://sleep-ritual.test/api/reminders/unsubscribe?token=t1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const { parsed } = await sentAndReceived({ to: 'ann@example.com', ...content, headers });

    expect(parsed.subject).toBe('Tonight: Night 3 – Letting the day go');
    const header = (key: string) => parsed.headers.find((each) => each.key === key)?.value;
    expect(header('list-unsubscribe')).toBe(headers['List-Unsubscribe']);
    expect(header('list-unsubscribe-post')).toBe(headers['List-Unsubscribe-Post']);
    expect(lf(parsed.text)).toBe(lf(content.text));
    expect(lf(parsed.html)).toBe(lf(content.html));
  });
});
