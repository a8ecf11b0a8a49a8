import type { Context } from 'koa';
import { setSignedInHint } from '@sleep-ritual/platform/http/session';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';
import { noteSignIn } from '../domain/accounts.ts';
import type { AuthRouteDeps } from '../deps.ts';

/**
 * Signs the user in on this request: records the sign-in, and starts a session under a new id, so an
 * id planted before sign-in is worthless. Every way in ends here (password, link, code, account
 * creation), and each makes the address the member's own for the sign-in ceilings: a stranger who
 * spends the new addresses' budgets never shuts out a network the member signed in from.
 */
export async function signIn(ctx: Context, deps: AuthRouteDeps, userId: number): Promise<void> {
  const email = await noteSignIn(deps, userId);
  await deps.limits.knownAddresses.remember(email, limitAddress(ctx.ip));
  const { session } = ctx;
  if (!session) throw new Error('No session on this request: is the session middleware mounted?');
  session.userId = userId;
  session.startedAt = Date.now();
  // A device whose member deleted the account is somebody's again: the mark goes with the old id.
  delete session.endedBy;
  await session.regenerate();
  setSignedInHint(ctx, deps.config, true);
}
