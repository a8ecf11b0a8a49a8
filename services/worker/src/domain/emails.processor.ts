import { UnrecoverableError } from 'bullmq';
import { createAccountUrl } from '@sleep-ritual/platform/account-links';
import type { Logger } from '@sleep-ritual/platform/logger';
import { issueResetToken, RESET_TOKEN_TTL_MS, resetPasswordUrl } from '@sleep-ritual/platform/reset-tokens';
import { issueSignInToken, SIGN_IN_TOKEN_TTL_MS, signInLinkUrl } from '@sleep-ritual/platform/sign-in-tokens';
import { findRecipient, type Recipient } from '../data/buyers.ts';
import { orderProgramTitles } from '../data/purchases.ts';
import type { EmailDeps } from '../deps.ts';
import type { MailMessage } from '../mail/mailer.ts';
import {
  accessAddedEmail,
  createAccountEmail,
  passwordResetEmail,
  signInLinkEmail,
  unmappedItemEmail,
} from '../mail/templates.ts';
import type { EmailJob } from '../queues.ts';

export type EmailOutcome = { sent: EmailJob['template'] | 'access-added'; to: string } | { skipped: string };

/** Builds the message of an e-mail job from the database (links and tokens are made here) and sends it. */
export async function sendEmailJob(deps: EmailDeps, job: EmailJob, log: Logger): Promise<EmailOutcome> {
  if (job.template === 'unmapped-item') {
    const { supportEmail, publicAppUrl } = deps.config;
    const content = unmappedItemEmail({
      ...job,
      productsUrl: new URL('/admin/products', publicAppUrl).toString(),
      ordersUrl: new URL('/admin/orders', publicAppUrl).toString(),
      supportEmail,
      appUrl: publicAppUrl,
    });
    await deps.mailer.send({ to: supportEmail, ...content });
    return { sent: job.template, to: supportEmail };
  }
  const user = await findRecipient(deps.db, job.userId);
  if (!user) throw new UnrecoverableError(`User ${job.userId} no longer exists`);

  let message: MailMessage;
  if (job.template === 'create-account') {
    const composed = await orderEmail(deps, user, job.orderId);
    if (!composed) {
      log.info({ orderId: job.orderId }, 'create-account e-mail skipped: the order no longer gives access');
      return { skipped: 'the order no longer gives access' };
    }
    message = composed;
  } else if (job.template === 'sign-in-link') {
    // As for a reset: the token exists nowhere but in the stored hash and this e-mail.
    const token = await issueSignInToken(deps.db, user.id);
    message = {
      to: user.email,
      ...signInLinkEmail({
        ...common(deps, user),
        link: signInLinkUrl(deps.config, token),
        validMinutes: Math.round(SIGN_IN_TOKEN_TTL_MS / 60_000),
      }),
    };
  } else {
    // Issued only now, so the token exists nowhere but in the stored hash and this e-mail.
    const token = await issueResetToken(deps.db, user.id);
    message = {
      to: user.email,
      ...passwordResetEmail({
        ...common(deps, user),
        link: resetPasswordUrl(deps.config, token),
        validMinutes: Math.round(RESET_TOKEN_TTL_MS / 60_000),
      }),
    };
  }
  await deps.mailer.send(message);
  return { sent: job.template, to: user.email };
}

/**
 * After a purchase: a buyer without a password gets the create-account link; one who already has an
 * account is told the programme is in it, and where to sign in. A password nobody proved the address
 * for (set through a checkout redirect, perhaps by someone who typed this address) does not count: the
 * address's owner gets the create-account link, which takes the account back.
 */
async function orderEmail(
  deps: EmailDeps,
  user: Recipient,
  orderId: string,
): Promise<MailMessage | undefined> {
  const programTitles = await orderProgramTitles(deps.db, orderId, user.id);
  if (programTitles.length === 0) return undefined;
  const order = { ...common(deps, user), programTitles, signInUrl: signInUrl(deps) };
  const content = user.hasVerifiedPassword
    ? accessAddedEmail(order)
    : createAccountEmail({ ...order, link: createAccountUrl(deps.config, orderId, user.email) });
  return { to: user.email, ...content };
}

/** What every e-mail to a learner shows: their name, the support address and the app's logo. */
function common(deps: EmailDeps, user: Recipient) {
  return {
    firstName: user.firstName,
    supportEmail: deps.config.supportEmail,
    appUrl: deps.config.publicAppUrl,
  };
}

function signInUrl(deps: EmailDeps): string {
  return new URL('/sign-in', deps.config.publicAppUrl).toString();
}
