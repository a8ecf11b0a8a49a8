/**
 * Every e-mail of the product: short, warm, plain text plus HTML, each naming the support address.
 * Templates are pure functions of what they show, so they are easy to read and to test; the look is
 * the one layout at the end of this file (compose).
 */
import { appIcons } from '@sleep-ritual/contracts/web-app';
import { membersAppAssetsPrefix } from '@sleep-ritual/platform/routes';

export type MailContent = { subject: string; text: string; html: string };

/** `appUrl`, the members app's origin, puts the app's icon in the e-mail's header. */
type Common = { firstName: string | null; supportEmail: string; appUrl?: string };

/**
 * After a purchase, to a buyer without an account: what they bought, the link that creates the
 * account, and where to sign in from then on.
 */
export function createAccountEmail(
  input: Common & { programTitles: string[]; link: string; signInUrl: string },
): MailContent {
  return compose({
    subject: 'Your Sleep Ritual is ready: create your account',
    preheader: `${programmesAre(input.programTitles)} ready. Create your account and press play tonight.`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `Thank you for your order. ${programmesAre(input.programTitles)} waiting for you.`,
      'Create your account to begin: it takes a minute, and you can press play tonight.',
    ],
    summary: whatYouBought(input.programTitles),
    button: { label: 'Create My Account', url: input.link },
    after: [
      'This link belongs to your order, so please keep it to yourself.',
      `From then on, sign in at ${input.signInUrl} with this e-mail address and the password you choose.`,
      'On your phone, add that page to your home screen: your nights open like an app, one tap from bed.',
    ],
    supportEmail: input.supportEmail,
    appUrl: input.appUrl,
  });
}

export function accessAddedEmail(
  input: Common & { programTitles: string[]; signInUrl: string },
): MailContent {
  return compose({
    subject: 'New in your Sleep Ritual account',
    preheader: `${programmesAre(input.programTitles)} now in your account. Sign in to start.`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `Thank you for your order. ${programmesAre(input.programTitles)} now in your account.`,
      'Sign in with your usual e-mail and password to start.',
    ],
    summary: whatYouBought(input.programTitles),
    button: { label: 'Sign In', url: input.signInUrl },
    after: [],
    supportEmail: input.supportEmail,
    appUrl: input.appUrl,
  });
}

export function passwordResetEmail(input: Common & { link: string; validMinutes: number }): MailContent {
  return compose({
    subject: 'Reset your Sleep Ritual password',
    preheader: `Choose a new password. The link works once, for the next ${input.validMinutes} minutes.`,
    greeting: greeting(input.firstName),
    paragraphs: ['We received a request to reset your password. You can choose a new one now.'],
    button: { label: 'Reset My Password', url: input.link },
    after: [
      `The link works once, for the next ${input.validMinutes} minutes.`,
      "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
    ],
    supportEmail: input.supportEmail,
    appUrl: input.appUrl,
  });
}

/**
 * The link signs in the browser that opens it; the code is for where a link would open another browser
 * (the installed app has cookies of its own).
 */
export function signInLinkEmail(
  input: Common & { link: string; code: string; validMinutes: number },
): MailContent {
  return compose({
    subject: 'Your Sleep Ritual sign-in link',
    preheader: `Sign in without a password. The link works once, for the next ${input.validMinutes} minutes.`,
    greeting: greeting(input.firstName),
    paragraphs: ['Here is the link you asked for. It signs you in without a password.'],
    summary: { heading: 'Or enter this 6-digit code in the app', lines: [input.code] },
    button: { label: 'Sign In', url: input.link },
    after: [
      `The link and the code work once, for the next ${input.validMinutes} minutes.`,
      "If you didn't ask for this, you can ignore this e-mail: nobody can sign in without it.",
    ],
    supportEmail: input.supportEmail,
    appUrl: input.appUrl,
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
    preheader: 'Your next night is ready: one tap to start it in bed.',
    greeting: greeting(input.firstName),
    paragraphs: [
      `It's nearly time for bed. Tonight's track is ${name}${length}.`,
      'Dim the lights, get comfortable, and press play as you settle in.',
    ],
    button: { label: `Start ${input.label ?? 'Tonight'}`, url: input.classUrl },
    after: [],
    supportEmail: input.supportEmail,
    appUrl: input.appUrl,
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
  appUrl?: string;
}): MailContent {
  const items = input.items.join(', ');
  return compose({
    subject: `Order ${input.orderId} waits on a product mapping: ${items}`,
    preheader: `The buyer has no access to ${items} yet: map it to a programme, then retry the order.`,
    greeting: 'Hello,',
    paragraphs: [
      `ThriveCart order ${input.orderId}${input.buyerEmail ? ` (buyer ${input.buyerEmail})` : ''} contains ${items}, which no programme is mapped to. The buyer has not received access to ${input.items.length > 1 ? 'these items' : 'this item'} yet.`,
      `To fix it: in the admin area, open Products and map ${items} to the programme it sells. Then open Orders (${input.ordersUrl}) and press Retry on order ${input.orderId}; redelivering the webhook from ThriveCart works too. The buyer then gets access and their e-mail.`,
    ],
    button: { label: 'Open Products', url: input.productsUrl },
    after: [],
    supportEmail: input.supportEmail,
    appUrl: input.appUrl,
  });
}

function greeting(firstName: string | null): string {
  return firstName ? `Hi ${firstName},` : 'Hello,';
}

function whatYouBought(programTitles: string[]) {
  return { heading: 'What you bought', lines: programTitles };
}

/** ["A"] → "A is"; ["A", "B"] → "A and B are"; ["A", "B", "C"] → "A, B and C are". */
function programmesAre(titles: string[]): string {
  if (titles.length <= 1) return `${titles[0] ?? 'Your programme'} is`;
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)} are`;
}

/**
 * The one layout of every e-mail: a plain-text part, and an HTML part that looks like the product (the
 * night-blue header with the app's icon, the calm card) and reads in light and dark mail clients.
 *
 * Mail clients are not browsers: the layout uses tables and inline styles, which every client keeps;
 * the <style> block only adds the dark palette for clients that honour prefers-color-scheme (Apple
 * Mail, iOS, Outlook.com) and is an enhancement. Clients that recolour on their own (Gmail's apps,
 * Outlook) get colours that survive it: the header is already dark, the button a mid blue with white.
 */
type MailLayout = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  button: { label: string; url: string };
  after: string[];
  supportEmail: string;
  /** The line mail clients show beside the subject in the inbox; the first paragraph when not given. */
  preheader?: string;
  /** A short boxed list after the paragraphs, e.g. what the order contains. */
  summary?: { heading: string; lines: string[] };
  /** The members app's origin: the header shows the app's icon from it. Without it, the name alone. */
  appUrl?: string;
  /** Why the reader gets the message, and the link that stops them (recurring e-mails only). */
  unsubscribe?: { reason: string; label: string; url: string };
};

const BRAND = 'Sleep Ritual';
const SIGN_OFF = `Sleep well,\nThe ${BRAND} team`;

/** Light palette inline; the dark one in the <style> block's media query. */
const light = {
  page: '#eceaf6',
  card: '#ffffff',
  text: '#1f1b3a',
  muted: '#55516b',
  link: '#3b3f9a',
  summary: '#f4f2fb',
  border: '#dcd8ee',
  header: '#0f1430',
  headerText: '#eef0ff',
  button: '#343f89',
  buttonText: '#ffffff',
};
const dark = {
  page: '#0b1026',
  card: '#121a3d',
  text: '#eef0ff',
  muted: '#b4bce3',
  link: '#8fb4ff',
  summary: '#18214a',
  border: '#2c3870',
};
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

// Keeps the client from filling the inbox preview with the e-mail's first words after the preheader.
const PREVIEW_STOP = '&#847;&zwnj;&nbsp;'.repeat(60);

function compose(mail: MailLayout): MailContent {
  const help = `Need a hand? Write to us at ${mail.supportEmail} and we'll help.`;
  // A list of several is bulleted; a single line (a code to type) is given as it is.
  const summaryLines = (lines: string[]) => (lines.length === 1 ? lines : lines.map((line) => `- ${line}`));
  const summaryText = mail.summary
    ? [`${mail.summary.heading}:\n${summaryLines(mail.summary.lines).join('\n')}`]
    : [];
  const text = [
    mail.greeting,
    ...mail.paragraphs,
    ...summaryText,
    `${mail.button.label}: ${mail.button.url}`,
    ...mail.after,
    help,
    SIGN_OFF,
    ...(mail.unsubscribe
      ? [`${mail.unsubscribe.reason} ${mail.unsubscribe.label}: ${mail.unsubscribe.url}`]
      : []),
  ].join('\n\n');

  const preheader = mail.preheader ?? mail.paragraphs[0] ?? mail.subject;
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const link = (url: string, label = url) =>
    `<a href="${escape(url)}" class="sr-link" style="color:${light.link};word-break:break-word">${escape(label)}</a>`;
  const support = link(`mailto:${mail.supportEmail}`, mail.supportEmail);
  const logo = mail.appUrl
    ? `<img src="${escape(logoUrl(mail.appUrl))}" width="40" height="40" alt="" style="display:inline-block;width:40px;height:40px;border:0;border-radius:10px;vertical-align:middle">&nbsp;&nbsp;`
    : '';
  const summary = mail.summary
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 8px"><tr><td class="sr-summary" style="background:${light.summary};border:1px solid ${light.border};border-radius:10px;padding:14px 18px">
<p style="margin:0 0 6px;font-weight:bold">${escape(mail.summary.heading)}</p>
${mail.summary.lines.map((line) => `<p style="margin:0">${escape(line)}</p>`).join('\n')}
</td></tr></table>`
    : '';

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escape(mail.subject)}</title>
<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .sr-page { background: ${dark.page} !important; }
  .sr-card { background: ${dark.card} !important; color: ${dark.text} !important; }
  .sr-summary { background: ${dark.summary} !important; border-color: ${dark.border} !important; }
  .sr-muted { color: ${dark.muted} !important; }
  .sr-link { color: ${dark.link} !important; }
}
[data-ogsc] .sr-card { background: ${dark.card} !important; color: ${dark.text} !important; }
[data-ogsc] .sr-muted { color: ${dark.muted} !important; }
[data-ogsc] .sr-link { color: ${dark.link} !important; }
</style>
</head>
<body class="sr-page" style="margin:0;padding:0;background:${light.page}">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;mso-hide:all">${escape(preheader)}${PREVIEW_STOP}</div>
<table role="presentation" class="sr-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${light.page}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;font-family:${FONT};font-size:16px;line-height:1.6">
<tr><td style="background:${light.header};border-radius:14px 14px 0 0;padding:18px 28px;color:${light.headerText};font-family:Georgia,'Times New Roman',serif;font-size:20px;font-weight:bold;letter-spacing:0.01em">${logo}<span style="vertical-align:middle;color:${light.headerText}">${BRAND}</span></td></tr>
<tr><td class="sr-card" style="background:${light.card};color:${light.text};border-radius:0 0 14px 14px;padding:28px">
${p(escape(mail.greeting))}
${mail.paragraphs.map((paragraph) => p(linkify(paragraph, link))).join('\n')}
${summary}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0"><tr><td style="background:${light.button};border-radius:10px"><a href="${escape(mail.button.url)}" style="display:inline-block;padding:14px 26px;color:${light.buttonText};background:${light.button};border-radius:10px;font-weight:bold;text-decoration:none">${escape(mail.button.label)}</a></td></tr></table>
<p class="sr-muted" style="margin:0 0 16px;font-size:14px;color:${light.muted}">If the button does not work, copy this link into your browser:<br>${link(mail.button.url)}</p>
${mail.after.map((paragraph) => p(linkify(paragraph, link))).join('\n')}
${p(`Need a hand? Write to us at ${support} and we'll help.`)}
<p style="margin:0">${SIGN_OFF.split('\n').map(escape).join('<br>')}</p>
</td></tr>
<tr><td class="sr-muted" align="center" style="padding:16px 28px;font-size:13px;color:${light.muted}">${mail.unsubscribe ? `${escape(mail.unsubscribe.reason)} ${link(mail.unsubscribe.url, mail.unsubscribe.label)}<br>` : ''}${BRAND} · guided sleep meditation</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: mail.subject, text, html };
}

/** The app's icon, served by the members app, as the e-mails' logo (PNG: mail clients show no SVG). */
function logoUrl(appUrl: string): string {
  return new URL(`${membersAppAssetsPrefix}${appIcons.any192}`, appUrl).toString();
}

/** Escapes a paragraph and turns the web addresses in it into links. */
function linkify(text: string, link: (url: string) => string): string {
  return text
    .split(/(https?:\/\/\S+)/)
    .map((part, index) => (index % 2 === 1 ? link(part) : escape(part)))
    .join('');
}

function escape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
