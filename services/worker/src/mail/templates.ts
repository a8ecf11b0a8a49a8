/**
 * Every e-mail of the product: short, warm, plain text plus HTML, each naming the support address.
 * Templates are pure functions of what they show, so they are easy to read and to test.
 */

export type MailContent = { subject: string; text: string; html: string };

type Common = { firstName: string | null; supportEmail: string };

const SIGN_OFF = 'Sleep well,\nThe Sleep Ritual team';

export function createAccountEmail(input: Common & { programTitles: string[]; link: string }): MailContent {
  return compose({
    subject: 'Your Sleep Ritual is ready: create your account',
    greeting: greeting(input.firstName),
    paragraphs: [
      `Thank you for your order. ${programmesAre(input.programTitles)} waiting for you.`,
      'Create your account to begin: it takes a minute, and you can press play tonight.',
    ],
    button: { label: 'Create My Account', url: input.link },
    after: ['This link belongs to your order, so please keep it to yourself.'],
    supportEmail: input.supportEmail,
  });
}

export function accessAddedEmail(
  input: Common & { programTitles: string[]; signInUrl: string },
): MailContent {
  return compose({
    subject: 'New in your Sleep Ritual account',
    greeting: greeting(input.firstName),
    paragraphs: [
      `Thank you for your order. ${programmesAre(input.programTitles)} now in your account.`,
      'Sign in with your usual e-mail and password to start.',
    ],
    button: { label: 'Sign In', url: input.signInUrl },
    after: [],
    supportEmail: input.supportEmail,
  });
}

export function passwordResetEmail(input: Common & { link: string; validMinutes: number }): MailContent {
  return compose({
    subject: 'Reset your Sleep Ritual password',
    greeting: greeting(input.firstName),
    paragraphs: ['We received a request to reset your password. You can choose a new one now.'],
    button: { label: 'Reset My Password', url: input.link },
    after: [
      `The link works once, for the next ${input.validMinutes} minutes.`,
      "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
    ],
    supportEmail: input.supportEmail,
  });
}

export function signInLinkEmail(input: Common & { link: string; validMinutes: number }): MailContent {
  return compose({
    subject: 'Your Sleep Ritual sign-in link',
    greeting: greeting(input.firstName),
    paragraphs: ['Here is the link you asked for. It signs you in without a password.'],
    button: { label: 'Sign In', url: input.link },
    after: [
      `The link works once, for the next ${input.validMinutes} minutes.`,
      "If you didn't ask for this, you can ignore this e-mail: nobody can sign in without it.",
    ],
    supportEmail: input.supportEmail,
  });
}

/**
 * The nightly nudge: "Tonight: Night N – title", one tap to the class, and the way to stop them (the
 * message also carries the one-click List-Unsubscribe headers).
 */
export function bedtimeReminderEmail(
  input: Common & {
    label: string | null;
    title: string;
    durationMinutes: number | null;
    classUrl: string;
    unsubscribeUrl: string;
  },
): MailContent {
  const name = input.label ? `${input.label} – ${input.title}` : input.title;
  const length = input.durationMinutes ? ` (${input.durationMinutes} minutes)` : '';
  return compose({
    subject: `Tonight: ${name}`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `It's nearly time for bed. Tonight's track is ${name}${length}.`,
      'Dim the lights, get comfortable, and press play as you settle in.',
    ],
    button: { label: `Start ${input.label ?? 'Tonight'}`, url: input.classUrl },
    after: [],
    supportEmail: input.supportEmail,
    unsubscribe: {
      reason: 'You get this e-mail because you turned on bedtime reminders.',
      label: 'Turn off bedtime reminders',
      url: input.unsubscribeUrl,
    },
  });
}

/** To support: an order waits on a product mapping; says which order and item, and how to fix it. */
export function unmappedItemEmail(input: {
  orderId: string;
  items: string[];
  buyerEmail: string | null;
  productsUrl: string;
  ordersUrl: string;
  supportEmail: string;
}): MailContent {
  const items = input.items.join(', ');
  return compose({
    subject: `Order ${input.orderId} waits on a product mapping: ${items}`,
    greeting: 'Hello,',
    paragraphs: [
      `ThriveCart order ${input.orderId}${input.buyerEmail ? ` (buyer ${input.buyerEmail})` : ''} contains ${items}, which no programme is mapped to. The buyer has not received access to ${input.items.length > 1 ? 'these items' : 'this item'} yet.`,
      `To fix it: in the admin area, open Products and map ${items} to the programme it sells. Then open Orders (${input.ordersUrl}) and press Retry on order ${input.orderId}; redelivering the webhook from ThriveCart works too. The buyer then gets access and their e-mail.`,
    ],
    button: { label: 'Open Products', url: input.productsUrl },
    after: [],
    supportEmail: input.supportEmail,
  });
}

function compose(mail: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  button: { label: string; url: string };
  after: string[];
  supportEmail: string;
  /** Why the reader gets the message, and the link that stops them (recurring e-mails only). */
  unsubscribe?: { reason: string; label: string; url: string };
}): MailContent {
  const help = `Need a hand? Write to us at ${mail.supportEmail} and we'll help.`;
  const text = [
    mail.greeting,
    ...mail.paragraphs,
    `${mail.button.label}: ${mail.button.url}`,
    ...mail.after,
    help,
    SIGN_OFF,
    ...(mail.unsubscribe
      ? [`${mail.unsubscribe.reason} ${mail.unsubscribe.label}: ${mail.unsubscribe.url}`]
      : []),
  ].join('\n\n');

  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const support = `<a href="mailto:${escape(mail.supportEmail)}" style="color:#4b3f8f">${escape(mail.supportEmail)}</a>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f2fb;font-family:Georgia,serif;color:#1f1b3a;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${p(escape(mail.greeting))}
${mail.paragraphs.map((paragraph) => p(escape(paragraph))).join('\n')}
<p style="margin:24px 0"><a href="${escape(mail.button.url)}" style="display:inline-block;background:#4b3f8f;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">${escape(mail.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#5a5670">If the button does not work, copy this link into your browser:<br><a href="${escape(mail.button.url)}" style="color:#4b3f8f;word-break:break-all">${escape(mail.button.url)}</a></p>
${mail.after.map((paragraph) => p(escape(paragraph))).join('\n')}
${p(`Need a hand? Write to us at ${support} and we'll help.`)}
${p(SIGN_OFF.split('\n').map(escape).join('<br>'))}
</div>
${mail.unsubscribe ? `<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#5a5670;text-align:center">${escape(mail.unsubscribe.reason)} <a href="${escape(mail.unsubscribe.url)}" style="color:#4b3f8f">${escape(mail.unsubscribe.label)}</a></p>` : ''}
</body>
</html>
`;
  return { subject: mail.subject, text, html };
}

function greeting(firstName: string | null): string {
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

/** ["A"] → "A is"; ["A", "B"] → "A and B are"; ["A", "B", "C"] → "A, B and C are". */
function programmesAre(titles: string[]): string {
  if (titles.length <= 1) return `${titles[0] ?? 'Your programme'} is`;
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)} are`;
}

function escape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
