import type { Context, Next } from 'koa';
import { UnauthorizedError } from '../errors.ts';

/** The signed-in learner's id, or a 401. */
export function currentUserId(ctx: Context): number {
  const userId = ctx.session?.userId;
  if (!userId) throw new UnauthorizedError('Please sign in to continue.');
  return userId;
}

/** Router middleware: only signed-in learners pass. */
export async function requireUser(ctx: Context, next: Next): Promise<void> {
  currentUserId(ctx);
  await next();
}

/** Router middleware: only admin sessions pass (independent of being signed in as a learner). */
export async function requireAdmin(ctx: Context, next: Next): Promise<void> {
  if (!ctx.session?.isAdmin) throw new UnauthorizedError('Admin sign-in required.');
  await next();
}
