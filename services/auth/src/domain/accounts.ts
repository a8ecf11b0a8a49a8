import { INVALID_SIGN_IN_CODE, INVALID_SIGN_IN_LINK } from '@sleep-ritual/contracts/auth';
import { BadRequestError } from '@sleep-ritual/platform/errors';
import { hashPassword, verifyPassword } from '@sleep-ritual/platform/passwords';
import { consumeResetToken, isResetTokenOpen } from '../tokens/reset-tokens.ts';
import { consumeSignInCode, consumeSignInToken } from '../tokens/sign-in-tokens.ts';
import { DELETED_ACCOUNT, type SessionData } from '@sleep-ritual/platform/http/session';
import {
  findUserByEmail,
  findUserById,
  isDeletedUser,
  publicUser,
  recordSignIn,
  setPassword,
} from '../data/users.ts';
import type { AuthDeps } from '../deps.ts';
import { addressProven } from './address-proof.ts';
import { SIGNED_OUT } from '@sleep-ritual/platform/session-store';

export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

// Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

/** The signed-in user as the members area shows them, or undefined when the account is gone. */
export async function findSignedInUser({ db }: AuthDeps, userId: number) {
  const user = await findUserById(db, userId);
  return user && publicUser(user);
}

/** Whether a session has no member because they deleted the account (its mark, or its member's row). */
export async function endedByDeletion({ db }: AuthDeps, session: SessionData | null): Promise<boolean> {
  if (session?.endedBy === DELETED_ACCOUNT) return true;
  return session?.userId !== undefined && (await isDeletedUser(db, session.userId));
}

/**
 * The user whose e-mail and password these are, with the stored hash the password matched (see
 * passwordStillIs), or undefined; an unknown e-mail takes as long as a wrong password.
 */
export async function checkCredentials({ db }: AuthDeps, email: string, password: string) {
  const user = await findUserByEmail(db, email);
  if (!user?.password) {
    await verifyPassword(await decoyHash, password);
    return undefined;
  }
  const valid = await verifyPassword(user.password, password);
  return valid ? { user: publicUser(user), passwordHash: user.password } : undefined;
}

/**
 * Whether the user's password is still the one a sign-in checked. A password ended or changed while it
 * was checked (an order or an admin's grant ending a password nobody proved the address for, a reset, a
 * deletion) signed the account out everywhere, possibly before the session of that sign-in existed: read
 * once that session is stored, this tells the sign-in to end it.
 */
export async function passwordStillIs({ db }: AuthDeps, userId: number, passwordHash: string) {
  return (await findUserById(db, userId))?.password === passwordHash;
}

export function noteSignIn({ db }: AuthDeps, userId: number): Promise<string> {
  return recordSignIn(db, userId);
}

/** Queues the reset e-mail when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user) await deps.sendEmail({ template: 'password-reset', userId: user.id });
}

/** Whether a reset link would still work, without using it (the page asks when it opens). */
export function checkResetToken({ db }: AuthDeps, token: string): Promise<boolean> {
  return isResetTokenOpen(db, token);
}

/**
 * Sets the new password of the link's account, once per link; answers whose it was. Whoever knew the
 * old password is signed out everywhere: the learner signs in with the new one.
 */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  const userId = await deps.db.transaction(async (trx) => {
    const owner = await consumeResetToken(trx, token);
    if (owner) await setPassword(trx, owner, passwordHash);
    return owner;
  });
  if (!userId) throw new BadRequestError(INVALID_RESET_LINK);
  await deps.backends.sessions.endUser(userId, SIGNED_OUT);
  return userId;
}

/** Queues the sign-in link e-mail when the account exists; the caller answers the same either way. */
export async function requestSignInLink(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user) await deps.sendEmail({ template: 'sign-in-link', userId: user.id });
}

/**
 * Uses an e-mailed sign-in link once; answers whose it was. The link proves the address, so a password
 * set without that proof is cleared and its sessions end (see `addressProven`).
 */
export async function signInWithLink(deps: AuthDeps, token: string): Promise<MailedSignIn> {
  const userId = await consumeSignInToken(deps.db, token);
  if (!userId) throw new BadRequestError(INVALID_SIGN_IN_LINK);
  return signInWithMailedProof(deps, userId, INVALID_SIGN_IN_LINK);
}

/**
 * Uses the 6-digit code of a sign-in e-mail once; answers whose account it opens. An unknown address
 * and a wrong code get the same answer, so it never tells whether an account exists.
 */
export async function signInWithCode(deps: AuthDeps, email: string, code: string): Promise<MailedSignIn> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !(await consumeSignInCode(deps.db, deps.config, user.id, code)))
    throw new BadRequestError(INVALID_SIGN_IN_CODE);
  return signInWithMailedProof(deps, user.id, INVALID_SIGN_IN_CODE);
}

/** Whose account a mailed sign-in opens, and whether it ended a password nobody proved the address for. */
export type MailedSignIn = { userId: number; passwordEnded: boolean };

/**
 * The one path of a sign-in that proved the mailbox (the link or its code): every rule about such a
 * sign-in lives here, so both ways in keep it alike.
 */
async function signInWithMailedProof(deps: AuthDeps, userId: number, invalid: string): Promise<MailedSignIn> {
  if (!(await findUserById(deps.db, userId))) throw new BadRequestError(invalid);
  const passwordEnded = await addressProven(deps, userId);
  return { userId, passwordEnded };
}
