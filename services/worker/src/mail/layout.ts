/**
 * The one layout of every e-mail: a plain-text part, and an HTML part that looks like the product (the
 * night-blue header with the app's icon, the calm card) and reads in light and dark mail clients.
 *
 * Mail clients are not browsers: the layout uses tables and inline styles, which every client keeps;
 * the <style> block only adds the dark palette for clients that honour prefers-color-scheme (Apple
 * Mail, iOS, Outlook.com) and is an enhancement. Clients that recolour on their own (Gmail's apps,
 * Outlook) get colours that survive it: the header is already dark, the button a mid blue with white.
 */
import { appIcons } from '@sleep-ritual/contracts/web-app';
import { membersAppAssetsPrefix } from '@sleep-ritual/platform/routes';

export type MailContent = { subject: string; text: string; html: string };

export type MailLayout = {
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

export function compose(mail: MailLayout): MailContent {
  const help = `Need a hand? Write to us at ${mail.supportEmail} and we'll help.`;
  const summaryText = mail.summary
    ? [`${mail.summary.heading}:\n${mail.summary.lines.map((line) => `- ${line}`).join('\n')}`]
    : [];
  const text = [
    mail.greeting,
    ...mail.paragraphs,
    ...summaryText,
    `${mail.button.label}: ${mail.button.url}`,
    ...mail.after,
    help,
    SIGN_OFF,
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
<tr><td class="sr-muted" align="center" style="padding:16px 28px;font-size:13px;color:${light.muted}">${BRAND} · guided sleep meditation</td></tr>
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
