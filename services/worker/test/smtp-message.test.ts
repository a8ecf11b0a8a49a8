import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, type Logger } from '@sleep-ritual/platform/logger';
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

/** Sends through the worker's mailer over SMTP and answers what arrived: its envelope, raw and parsed. */
async function sentAndReceived(message: MailMessage) {
  const mailer = createMailer(
    { ...config, smtpUrl: sink.url },
    createLogger({ level: 'silent', name: 'worker' }),
  );
  const before = sink.messages.length;
  await mailer.send(message);
  mailer.close();
  const received = sink.messages[before];
  if (!received) throw new Error('The sink received nothing');
  return { ...received, raw: received.raw.toString('utf8'), parsed: await PostalMime.parse(received.raw) };
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
    const { mailFrom, rcptTo, raw, parsed } = await sentAndReceived({ to, ...content });

    expect(mailFrom).toBe('hello@sleep-ritual.test');
    expect(rcptTo).toEqual([to]);
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

  it('keeps line breaks in the subject or a header value from adding headers or recipients', async () => {
    const to = 'ann@example.com';
    const { rcptTo, raw, parsed } = await sentAndReceived({
      to,
      subject: 'Your night\r\nBcc: thief@example.com',
      text: 'Hi',
      html: '<p>Hi</p>',
      headers: { 'X-Night': '3\r\nBcc: thief2@example.com\nTo: thief3@example.com' },
    });

    expect(rcptTo).toEqual([to]);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.to).toEqual([{ address: to, name: '' }]);
    expect(parsed.subject).not.toMatch(/[\r\n]/);
    const headerNames = raw
      .split('\r\n\r\n')[0]!
      .split('\r\n')
      .filter((line) => /^\S/.test(line));
    expect(
      headerNames.filter((line) => /^(bcc|to|subject):/i.test(line)).map((line) => line.split(':')[0]),
    ).toEqual(['To', 'Subject']);
  });

  it('gives each message one Message-ID of its own, and the envelope the address a named recipient has', async () => {
    const message = { subject: 'Tonight', text: 'Hi', html: '<p>Hi</p>' };
    const first = await sentAndReceived({ to: '"Anna, Night 3" <anna@example.com>', ...message });
    const second = await sentAndReceived({ to: 'ann@example.com', ...message });

    expect(first.rcptTo).toEqual(['anna@example.com']);
    expect(first.parsed.to).toEqual([{ address: 'anna@example.com', name: 'Anna, Night 3' }]);
    const messageIdLines = (raw: string) =>
      raw
        .split('\r\n\r\n')[0]!
        .split('\r\n')
        .filter((line) => /^message-id:/i.test(line));
    expect(messageIdLines(first.raw)).toEqual([`Message-ID: ${first.parsed.messageId}`]);
    expect(messageIdLines(second.raw)).toHaveLength(1);
    expect(second.parsed.messageId).toMatch(/^<[^<>@\s]+@sleep-ritual\.test>$/);
    expect(second.parsed.messageId).not.toBe(first.parsed.messageId);
  });

  it('is logged with the Message-ID it carries, and without the address', async () => {
    const info = vi.fn();
    const mailer = createMailer({ ...config, smtpUrl: sink.url }, { info } as unknown as Logger);
    const before = sink.messages.length;
    await mailer.send(
      { to: 'ann@example.com', subject: 'Tonight', text: 'Hi', html: '<p>Hi</p>' },
      { userId: 7 },
    );
    mailer.close();
    const parsed = await PostalMime.parse(sink.messages[before]!.raw);

    expect(info).toHaveBeenCalledWith(
      { userId: 7, subject: 'Tonight', messageId: parsed.messageId },
      'e-mail sent',
    );
    expect(JSON.stringify(info.mock.calls)).not.toContain('ann@example.com');
  });
});
