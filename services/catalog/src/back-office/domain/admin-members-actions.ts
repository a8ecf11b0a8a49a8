import {
  ADMIN_MEMBER_MESSAGES,
  type AdminAuditAction,
  type EmailQueued,
  type MemberDetail,
} from '@sleep-ritual/contracts/admin-members';
import type { Knex } from '@sleep-ritual/platform/db';
import { ConflictError, NotFoundError } from '@sleep-ritual/platform/errors';
import { ACCESS_STATUS, givesAccess, PURCHASE_STATUS } from '@sleep-ritual/learning/purchase-access';
import { enqueueEmail } from '@sleep-ritual/jobs/emails';
import { endUnprovenPassword } from '@sleep-ritual/auth/unproven-passwords';
import { insertAuditRow, type AuditActor } from '../data/admin-audit-log.ts';
import type { MemberRow } from '../data/admin-members-queries.ts';
import {
  emailTakenByOther,
  findProgram,
  insertManualGrant,
  latestAccessOrderId,
  purchasesOfProgram,
  setPurchaseStatus,
  type ProgramPurchase,
  updateMemberEmail,
} from '../data/admin-members-writes.ts';
import { getMemberDetail, requireMember } from './admin-members.ts';
import { queuesOf, type CatalogDeps } from '../../deps.ts';
import { SIGNED_OUT } from '@sleep-ritual/platform/session-store';

/**
 * The admin's actions on a member. Each runs in one transaction that first locks the member's row (so
 * two admins acting on one member take turns) and writes its audit row with its change; an e-mail is
 * queued before the commit, so a Redis outage (503) leaves neither the change nor the audit row behind.
 */
type Outcome<T> = { details: Record<string, unknown>; result: T };
type Change<T> = (trx: Knex.Transaction, member: MemberRow) => Promise<T>;

// A change that always happens answers its result; one that may find nothing to do may answer undefined.
async function memberAction<T>(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
  action: AdminAuditAction,
  change: Change<Outcome<T>>,
): Promise<T>;
async function memberAction<T>(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
  action: AdminAuditAction,
  change: Change<Outcome<T> | undefined>,
): Promise<T | undefined>;
async function memberAction<T>(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
  action: AdminAuditAction,
  change: Change<Outcome<T> | undefined>,
): Promise<T | undefined> {
  return deps.db.transaction(async (trx) => {
    const member = await requireMember(trx, memberId, { forUpdate: true });
    const outcome = await change(trx, member);
    if (!outcome) return undefined;
    await insertAuditRow(trx, actor, { action, memberId, details: outcome.details });
    return outcome.result;
  });
}

/**
 * Opens a programme to the member. A programme an admin revoked comes back on the same purchase(s);
 * otherwise a grant by hand is recorded as a purchase of its own. Refunded purchases stay refunded. A
 * password nobody proved the address for ends with every session (endUnprovenPassword): the grant opens
 * the account to the address's owner, who signs in with an e-mailed link or sets a password.
 */
export async function grantProgram(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
  programId: number,
): Promise<MemberDetail> {
  await memberAction(deps, actor, memberId, 'grant-program', async (trx) => {
    const program = await findProgram(trx, programId, { liveOnly: true });
    if (!program) throw new NotFoundError(ADMIN_MEMBER_MESSAGES.programNotFound);
    const purchases = await purchasesOfProgram(trx, memberId, programId);
    if (purchases.some((purchase) => givesAccess(purchase))) {
      throw new ConflictError(ADMIN_MEMBER_MESSAGES.alreadyHasAccess);
    }
    const revoked = purchases.filter((purchase) => purchase.status === PURCHASE_STATUS.revoked);
    let granted: ProgramPurchase[] = revoked;
    if (revoked.length > 0) {
      await setPurchaseStatus(
        trx,
        revoked.map((purchase) => purchase.id),
        ACCESS_STATUS,
      );
    } else {
      granted = [await insertManualGrant(trx, memberId, programId)];
    }
    // Before the commit: should the sessions not end (Redis down), nothing of the grant stays. A sign-in
    // that checked the old password meanwhile ends its own session (passwordStillIs).
    const { ended: passwordEnded } = await endUnprovenPassword(trx, memberId, granted[0]?.orderId ?? null);
    if (passwordEnded) await deps.backends.sessions.endUser(memberId, SIGNED_OUT);
    return {
      details: {
        programId,
        programTitle: program.title,
        restored: revoked.length > 0,
        purchaseIds: granted.map((purchase) => purchase.id),
        orderIds: granted.map((purchase) => purchase.orderId),
        ...(passwordEnded ? { unprovenPasswordEnded: true } : {}),
      },
      result: undefined,
    };
  });
  return getMemberDetail(deps.db, memberId);
}

/** Takes a programme away: every purchase of it that gives access turns 'revoked'. */
export async function revokeProgram(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
  programId: number,
): Promise<MemberDetail> {
  await memberAction(deps, actor, memberId, 'revoke-program', async (trx) => {
    const program = await findProgram(trx, programId, { liveOnly: false });
    if (!program) throw new NotFoundError(ADMIN_MEMBER_MESSAGES.programNotFound);
    const purchases = await purchasesOfProgram(trx, memberId, programId);
    if (!purchases.some((purchase) => givesAccess(purchase)))
      throw new NotFoundError(ADMIN_MEMBER_MESSAGES.noAccessToRevoke);
    // Purchases suspended for an unpaid instalment too, so that paying it later does not bring back
    // what an admin took away.
    const active = purchases.filter((purchase) => purchase.status === ACCESS_STATUS);
    await setPurchaseStatus(
      trx,
      active.map((purchase) => purchase.id),
      PURCHASE_STATUS.revoked,
    );
    return {
      details: {
        programId,
        programTitle: program.title,
        purchaseIds: active.map((purchase) => purchase.id),
        orderIds: active.map((purchase) => purchase.orderId),
      },
      result: undefined,
    };
  });
  return getMemberDetail(deps.db, memberId);
}

/**
 * Sends the create-account e-mail again, for the newest order that gives access, with a fresh link
 * (the link is bound to the order and the current address, so one sent before an e-mail change no
 * longer works).
 */
export async function resendCreateAccount(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
): Promise<EmailQueued> {
  const { emails } = queuesOf(deps);
  const queued = await memberAction(deps, actor, memberId, 'resend-create-account', async (trx, member) => {
    if (member.hasPassword) throw new ConflictError(ADMIN_MEMBER_MESSAGES.accountAlreadyCreated);
    const orderId = await latestAccessOrderId(trx, memberId);
    if (!orderId) throw new ConflictError(ADMIN_MEMBER_MESSAGES.noOrderForAccount);
    const jobId = await enqueueEmail(
      emails,
      { template: 'create-account', userId: memberId, orderId },
      { resend: true },
    );
    return {
      details: { orderId, jobId, to: member.email },
      result: { queued: true as const, template: 'create-account' as const, jobId },
    };
  });
  return queued;
}

/** Mails the member a password-reset link (the worker issues the token). */
export async function sendPasswordReset(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
): Promise<EmailQueued> {
  const { emails } = queuesOf(deps);
  const queued = await memberAction(deps, actor, memberId, 'send-password-reset', async (_trx, member) => {
    const jobId = await enqueueEmail(emails, { template: 'password-reset', userId: memberId });
    return {
      details: { jobId, to: member.email },
      result: { queued: true as const, template: 'password-reset' as const, jobId },
    };
  });
  return queued;
}

/**
 * Changes the member's address. Addresses are unique whatever their case (409 otherwise); setting the
 * address it already is changes nothing and records nothing.
 */
export async function changeMemberEmail(
  deps: CatalogDeps,
  actor: AuditActor,
  memberId: number,
  email: string,
): Promise<MemberDetail> {
  await memberAction(deps, actor, memberId, 'change-email', async (trx, member) => {
    if (member.email === email) return undefined;
    if (await emailTakenByOther(trx, email, memberId))
      throw new ConflictError(ADMIN_MEMBER_MESSAGES.emailInUse);
    try {
      await updateMemberEmail(trx, memberId, email);
    } catch (error) {
      // Taken meanwhile by a buyer the worker created, or another member's username is this address.
      if ((error as { code?: string }).code === '23505')
        throw new ConflictError(ADMIN_MEMBER_MESSAGES.emailInUse);
      throw error;
    }
    return { details: { from: member.email, to: email }, result: undefined };
  });
  return getMemberDetail(deps.db, memberId);
}
