import { proveAddress } from '../data/users.ts';
import type { AuthDeps } from '../deps.ts';
import { SIGNED_OUT } from '@sleep-ritual/platform/session-store';

/**
 * The address is now proven: whoever is signing in has just read its mailbox (an e-mailed sign-in link
 * or sign-in code). A password nobody proved the address for (set through a checkout redirect, by
 * whoever typed the address at checkout) is cleared and every session of the account ends, so a claimer
 * is out for good; the member sets a password of their own afterwards. Call it before starting the new
 * session, which then is the only one. Answers whether a password was cleared.
 */
export async function addressProven(deps: AuthDeps, userId: number): Promise<boolean> {
  const { passwordCleared } = await proveAddress(deps.db, userId);
  if (passwordCleared) await deps.backends.sessions.endUser(userId, SIGNED_OUT);
  return passwordCleared;
}
