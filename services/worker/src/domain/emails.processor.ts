import { UnrecoverableError } from 'bullmq';
import { isDeletedAccountOrder } from '@sleep-ritual/auth/deleted-accounts';
import { createAccountUrl } from '@sleep-ritual/auth/tokens/account-links';
import type { Logger } from '@sleep-ritual/platform/logger';
import {
  issueResetToken,
  RESET_TOKEN_TTL_MS,
  resetPasswordUrl,
} from '@sleep-ritual/auth/tokens/reset-tokens';
import {
  issueSignInToken,
  SIGN_IN_TOKEN_TTL_MS,
  signInLinkUrl,
} from '@sleep-ritual/auth/tokens/sign-in-tokens';
import {
  claimEmailSend,
  findOrderRecipient,
  findRecipient,
  releaseEmailSend,
  type Recipient,
} from '../data/emails.ts';
import type { EmailDeps } from '../deps.ts';
import type { MailMessage } from '../mail/mailer.ts';
import {
  accessAddedEmail,
  createAccountEmail,
  passwordResetEmail,
  signInLinkEmail,
  unmappedItemEmail,
} from '../mail/templates.ts';
import type { EmailJob } from '@sleep-ritual/jobs/emails';
import { sendBedtimeReminder } from './reminders.ts';
import type { SendConfirmations } from './send-confirmations.ts';

/**
 * A job's return value, kept with the job in the queue for 30 days: whom it was for by user id, never by
 * address, so that nothing of a member who deleted their account stays there.
 */
export type EmailOutcome =
  { sent: EmailJob['template'] | 'access-added'; userId?: number } | { skipped: string };

/**
 * Another run of the job claimed its send and has not confirmed it: this run waits (the worker delays
 * the job, spending no attempt) until that claim's lease ends, then runs again and sends, unless that
 * run confirmed it by then.
 */
export class SendInProgress extends Error {
  readonly leaseEndsAt: number;
  constructor(leaseEndsAt: number) {
    super('An earlier run of this job is sending the e-mail.');
    this.leaseEndsAt = leaseEndsAt;
  }
}

/**
 * Builds the message of an e-mail job from the database (links and tokens are made here) and sends it.
 * With `once` (the worker's: the job's queue and id, and the confirmations the worker writes), a job
 * sends its message once however often it runs: one whose completion was lost after it sent (PostgreSQL
 * or Redis gone a moment) runs again. A run that claimed the send and stopped before it (the worker
 * killed, the claim's answer lost) leaves a claim that a later run takes over once it is older than
 * SEND_LEASE_MS; until then a later run throws SendInProgress.
 */
export async function sendEmailJob(
  deps: EmailDeps,
  job: EmailJob,
  log: Logger,
  once?: { jobKey: string; confirmations: SendConfirmations },
): Promise<EmailOutcome> {
  const send = async (message: MailMessage, userId?: number): Promise<EmailOutcome | undefined> => {
    if (!once) return void (await deps.mailer.send(message, { userId }));
    const { jobKey, confirmations } = once;
    // The lease's clock is this process's own elapsed time from here, whatever its wall clock says.
    const claimedAt = performance.now();
    const claim = await claimEmailSend(deps.db, jobKey);
    if (claim.state === 'sent') {
      log.warn({ template: job.template }, 'e-mail job ran again after it sent: not sent twice');
      return { skipped: 'sent by an earlier run of this job' };
    }
    if (claim.state === 'sending') throw new SendInProgress(claim.leaseEndsAt);
    const own = { jobKey, claimId: claim.claimId };
    try {
      await deps.mailer.send(message, { userId });
    } catch (error) {
      await releaseEmailSend(deps.db, own).catch((release: Error) =>
        log.error({ err: release.message }, 'e-mail not sent, and its record could not be removed'),
      );
      throw error;
    }
    confirmations.add(own, claimedAt, log);
    return undefined;
  };

  if (job.template === 'unmapped-item') {
    // The buyer deleted their account since: the order will never be provisioned, and support needs
    // neither the notice nor the address it carries.
    if (await isDeletedAccountOrder(deps.db, job.orderId)) {
      log.info(
        { orderId: job.orderId },
        'unmapped-item notice skipped: the order belongs to a deleted account',
      );
      return { skipped: 'the order belongs to a deleted account' };
    }
    const { supportEmail, publicAppUrl } = deps.config;
    const content = unmappedItemEmail({
      ...job,
      productsUrl: new URL('/admin/products', publicAppUrl).toString(),
      ordersUrl: new URL('/admin/orders', publicAppUrl).toString(),
      supportEmail,
      appUrl: publicAppUrl,
    });
    return (await send({ to: supportEmail, ...content })) ?? { sent: job.template };
  }
  if (job.template === 'bedtime-reminder') {
    return sendBedtimeReminder(deps, job, log, deps.clock?.() ?? new Date());
  }
  if (job.template === 'create-account') {
    const order = await findOrderRecipient(deps.db, job.userId, job.orderId);
    if (!order) throw new UnrecoverableError(`User ${job.userId} no longer exists`);
    if (order.programTitles.length === 0) {
      log.info({ orderId: job.orderId }, 'create-account e-mail skipped: the order no longer gives access');
      return { skipped: 'the order no longer gives access' };
    }
    const user = order.recipient;
    const message = orderEmail(deps, user, job.orderId, order.programTitles);
    return (await send(message, user.id)) ?? { sent: job.template, userId: user.id };
  }
  const user = await findRecipient(deps.db, job.userId);
  if (!user) throw new UnrecoverableError(`User ${job.userId} no longer exists`);

  let message: MailMessage;
  if (job.template === 'sign-in-link') {
    // As for a reset: the token exists nowhere but in the stored hash and this e-mail.
    const { token, code } = await issueSignInToken(deps.db, deps.config, user.id);
    message = {
      to: user.email,
      ...signInLinkEmail({
        ...common(deps, user),
        link: signInLinkUrl(deps.config, token),
        code,
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
  return (await send(message, user.id)) ?? { sent: job.template, userId: user.id };
}

/**
 * After a purchase: a buyer without a password gets the create-account link; one who already has an
 * account is told the programme is in it, and where to sign in. A password nobody proved the address
 * for (set through a checkout redirect, perhaps by someone who typed this address) does not count: the
 * address's owner gets the create-account link, which takes the account back.
 */
function orderEmail(deps: EmailDeps, user: Recipient, orderId: string, programTitles: string[]): MailMessage {
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
