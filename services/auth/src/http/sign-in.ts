import type { Context } from 'koa';
import { setSignedInHint } from '@sleep-ritual/platform/http/session';
import { noteSignIn } from '../domain/accounts.ts';
import type { AuthDeps } from '../deps.ts';

/**
 * Signs the user in on this request: records the sign-in, and starts a session under a new id, so an
 * id planted before sign-in is worthless. Both the sign-in form and account creation end here.
 */
export async function signIn(ctx: Context, deps: AuthDeps, userId: number): Promise<void> {
  await noteSignIn(deps, userId);
  const { session } = ctx;
  if (!session) throw new Error('No session on this request: is the session middleware mounted?');
  session.userId = userId;
  session.startedAt = Date.now();
  // A device whose member deleted the account is somebody's again: the mark goes with the old id.
  delete session.endedBy;
  await session.regenerate();
  setSignedInHint(ctx, deps.config, true);
}
