import type { Context, Next } from 'koa';
import { ADMIN_PREVIEW_HEADER } from '@sleep-ritual/contracts/admin-preview';
import { UnauthorizedError } from '../errors.ts';

/** The signed-in learner's id, or a 401. */
export function currentUserId(ctx: Context): number {
  const userId = ctx.session?.userId;
  if (!userId) throw new UnauthorizedError('Please sign in to continue.');
  return userId;
}

const ADMIN_REQUIRED = 'Admin sign-in required.';

/** Router middleware: only signed-in learners pass (an admin preview is not a learner). */
export async function requireUser(ctx: Context, next: Next): Promise<void> {
  currentUserId(ctx);
  await next();
}

/** Router middleware: only admin sessions pass (independent of being signed in as a learner). */
export async function requireAdmin(ctx: Context, next: Next): Promise<void> {
  if (!ctx.session?.isAdmin) throw new UnauthorizedError(ADMIN_REQUIRED);
  await next();
}

/**
 * Whether the call comes from an admin's "View as learner" tab (the preview header): such a call is
 * answered for the admin session, whatever the learner session, and records nothing. The header
 * without an admin session is a 401, never a learner's call.
 */
export function isAdminPreview(ctx: Context): boolean {
  if (!ctx.get(ADMIN_PREVIEW_HEADER)) return false;
  if (!ctx.session?.isAdmin) throw new UnauthorizedError(ADMIN_REQUIRED);
  return true;
}

/** Router middleware: signed-in learners pass, and admin previews of the learner pages. */
export async function requireUserOrPreview(ctx: Context, next: Next): Promise<void> {
  if (!isAdminPreview(ctx)) currentUserId(ctx);
  await next();
}
