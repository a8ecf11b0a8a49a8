import { describe, expect, it } from 'vitest';
import {
  accessAddedEmail,
  bedtimeReminderEmail,
  createAccountEmail,
  passwordResetEmail,
  signInLinkEmail,
  unmappedItemEmail,
} from '../src/mail/templates.ts';

const common = { supportEmail: 'support@sleepritual.example' };
const signInUrl = 'https://app.example/sign-in';

describe('e-mail templates', () => {
  it('name every programme of the order, with the verb that fits', () => {
    const one = createAccountEmail({
      ...common,
      firstName: 'Maya',
      programTitles: ['A'],
      link: 'https://app.example/x',
      signInUrl,
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
      signInUrl,
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

  it('give the sign-in code on a line of its own in the plain text, to be read and typed as it is', () => {
    const mail = signInLinkEmail({
      supportEmail: 'help@example.com',
      firstName: 'Ana',
      link: 'https://app.example/s',
      code: '012345',
      validMinutes: 15,
    });
    expect(mail.text).toContain('Or enter this 6-digit code in the app:\n012345\n');
  });

  it('say what was bought and, when creating the account, where to sign in from then on', () => {
    const mail = createAccountEmail({
      ...common,
      firstName: 'Maya',
      programTitles: ['The 6-Night Sleep Meditation Ritual', 'The Full Transformation Program'],
      link: 'https://app.example/create-account?order_id=1&token=t',
      signInUrl,
    });
    expect(mail.text).toContain(
      'What you bought:\n- The 6-Night Sleep Meditation Ritual\n- The Full Transformation Program',
    );
    expect(mail.text).toContain(
      'From then on, sign in at https://app.example/sign-in with this e-mail address and the password you choose.',
    );
    expect(mail.html).toContain('What you bought');
    expect(mail.html).toContain('<p style="margin:0">The Full Transformation Program</p>');
    expect(mail.html).toMatch(
      /sign in at <a href="https:\/\/app\.example\/sign-in"[^>]*>https:\/\/app\.example\/sign-in<\/a>/,
    );
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
    expect(mail.html).toMatch(
      /<a href="https:\/\/app\.example\/account\/unsubscribe\?token=1\.abc"[^>]*>Turn off bedtime reminders<\/a>/,
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
    expect(reset.html).not.toContain('Turn off');
  });
});

/** The text an inbox shows beside the subject: the hidden block that opens the body. */
function preheaderOf(html: string): string | undefined {
  return /<body[^>]*>\s*<div style="display:none[^"]*">([^&<]*)/.exec(html)?.[1];
}

describe('the e-mail layout', () => {
  const titles = ['The 6-Night Sleep Meditation Ritual'];
  const mails = {
    'create-account': createAccountEmail({
      ...common,
      firstName: null,
      programTitles: titles,
      link: 'https://app.example/c',
      signInUrl,
    }),
    'access-added': accessAddedEmail({ ...common, firstName: null, programTitles: titles, signInUrl }),
    'password-reset': passwordResetEmail({
      ...common,
      firstName: null,
      link: 'https://app.example/r',
      validMinutes: 60,
    }),
    'sign-in-link': signInLinkEmail({
      ...common,
      firstName: null,
      link: 'https://app.example/s',
      code: '012345',
      validMinutes: 15,
    }),
    'unmapped-item': unmappedItemEmail({
      ...common,
      orderId: '77',
      items: ['bump-9'],
      buyerEmail: null,
      productsUrl: 'https://app.example/admin/products',
      ordersUrl: 'https://app.example/admin/orders',
    }),
  };

  it.each(Object.entries(mails))(
    'fits a phone and says it reads in light and dark clients (%s)',
    (_name, mail) => {
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
      expect(mail.html).toContain('<meta name="supported-color-schemes" content="light dark">');
      expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
      expect(mail.html).toContain('>Sleep Ritual</span>');
      expect(preheaderOf(mail.html)?.length).toBeGreaterThan(20);
    },
  );

  it('opens with a preheader of its own for each e-mail, which the plain text does not repeat', () => {
    expect(preheaderOf(mails['create-account'].html)).toBe(
      'The 6-Night Sleep Meditation Ritual is ready. Create your account and press play tonight.',
    );
    expect(preheaderOf(mails['access-added'].html)).toBe(
      'The 6-Night Sleep Meditation Ritual is now in your account. Sign in to start.',
    );
    expect(preheaderOf(mails['password-reset'].html)).toBe(
      'Choose a new password. The link works once, for the next 60 minutes.',
    );
    expect(preheaderOf(mails['sign-in-link'].html)).toBe(
      'Sign in without a password. The link works once, for the next 15 minutes.',
    );
    expect(mails['create-account'].text).not.toContain(preheaderOf(mails['create-account'].html));
    expect(mails['create-account'].text.startsWith('Hello,')).toBe(true);
  });

  it("shows the app's icon as the logo when it knows the app's address, and the name alone otherwise", () => {
    const withLogo = passwordResetEmail({
      ...common,
      firstName: null,
      link: 'https://app.example/r',
      validMinutes: 60,
      appUrl: 'https://members.example',
    });
    expect(withLogo.html).toMatch(
      /<img src="https:\/\/members\.example\/app\/icons\/icon-192\.png" width="40" height="40" alt=""/,
    );
    expect(mails['password-reset'].html).not.toContain('<img');
  });
});
