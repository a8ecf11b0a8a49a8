import { describe, expect, it } from 'vitest';
import {
  accessAddedEmail,
  bedtimeReminderEmail,
  createAccountEmail,
  passwordResetEmail,
} from '../src/mail/templates.ts';

const common = { supportEmail: 'support@sleepritual.example' };

describe('e-mail templates', () => {
  it('name every programme of the order, with the verb that fits', () => {
    const one = createAccountEmail({
      ...common,
      firstName: 'Maya',
      programTitles: ['A'],
      link: 'https://app.example/x',
    });
    expect(one.text).toContain('Thank you for your order. A is waiting for you.');
    const three = accessAddedEmail({
      ...common,
      firstName: null,
      programTitles: ['A', 'B', 'C'],
      signInUrl: 'https://app.example/sign-in',
    });
    expect(three.text).toContain('Thank you for your order. A, B and C are now in your account.');
    expect(three.text.startsWith('Hello,')).toBe(true);
  });

  it('escape what they show in the HTML part but keep the plain text as written', () => {
    const mail = createAccountEmail({
      ...common,
      firstName: '<b>Eve</b>',
      programTitles: ['Rest & "Reset"'],
      link: 'https://app.example/create-account?order_id=1&token=t',
    });
    expect(mail.html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('Rest &amp; &quot;Reset&quot;');
    expect(mail.html).toContain('href="https://app.example/create-account?order_id=1&amp;token=t"');
    expect(mail.text).toContain('Hi <b>Eve</b>,');
    expect(mail.text).toContain('Create My Account: https://app.example/create-account?order_id=1&token=t');
  });

  it('tell how long a reset link works and what to do if the reset was not asked for', () => {
    const mail = passwordResetEmail({
      ...common,
      firstName: 'Maya',
      link: 'https://app.example/reset-password?token=t',
      validMinutes: 60,
    });
    expect(mail.text).toContain('The link works once, for the next 60 minutes.');
    expect(mail.text).toContain(
      "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
    );
    expect(mail.text).toContain('support@sleepritual.example');
    expect(mail.html).toContain('mailto:support@sleepritual.example');
  });

  it('a bedtime reminder names the night, links straight to it and says how to stop them; other e-mails do not', () => {
    const mail = bedtimeReminderEmail({
      ...common,
      firstName: 'Maya',
      label: 'Night 2',
      title: 'The Breath That Slows the Heart',
      durationMinutes: 18,
      classUrl: 'https://app.example/program/1/path/2/class/3',
      unsubscribeUrl: 'https://app.example/account/unsubscribe?token=1.abc',
    });
    expect(mail.subject).toBe('Tonight: Night 2 – The Breath That Slows the Heart');
    expect(mail.text).toContain('Start Night 2: https://app.example/program/1/path/2/class/3');
    expect(mail.text).toContain(
      'You get this e-mail because you turned on bedtime reminders. Turn off bedtime reminders: https://app.example/account/unsubscribe?token=1.abc',
    );
    expect(mail.html).toContain(
      '<a href="https://app.example/account/unsubscribe?token=1.abc" style="color:#4b3f8f">Turn off bedtime reminders</a>',
    );
    const untitled = bedtimeReminderEmail({
      ...common,
      firstName: null,
      label: null,
      title: 'Wind-Down',
      durationMinutes: null,
      classUrl: 'https://app.example/c',
      unsubscribeUrl: 'https://app.example/u',
    });
    expect(untitled.subject).toBe('Tonight: Wind-Down');
    const reset = passwordResetEmail({
      ...common,
      firstName: null,
      link: 'https://app.example/r',
      validMinutes: 60,
    });
    expect(reset.text).not.toContain('Turn off');
  });
});
