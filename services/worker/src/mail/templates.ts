/**
 * Every e-mail of the product: short, warm, plain text plus HTML, each naming the support address.
 * Templates are pure functions of what they show, so they are easy to read and to test; the look is
 * the one layout of ./layout.ts.
 */
import { compose, type MailContent } from './layout.ts';

export type { MailContent };

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

export function signInLinkEmail(input: Common & { link: string; validMinutes: number }): MailContent {
  return compose({
    subject: 'Your Sleep Ritual sign-in link',
    preheader: `Sign in without a password. The link works once, for the next ${input.validMinutes} minutes.`,
    greeting: greeting(input.firstName),
    paragraphs: ['Here is the link you asked for. It signs you in without a password.'],
    button: { label: 'Sign In', url: input.link },
    after: [
      `The link works once, for the next ${input.validMinutes} minutes.`,
      "If you didn't ask for this, you can ignore this e-mail: nobody can sign in without it.",
    ],
    supportEmail: input.supportEmail,
    appUrl: input.appUrl,
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
