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
  ctx.session!.userId = userId;
  ctx.session!.startedAt = Date.now();
  await ctx.session!.regenerate();
  setSignedInHint(ctx, deps.config, true);
}
