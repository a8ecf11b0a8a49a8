import Router from '@koa/router';
import { forgotPasswordBodySchema, resetPasswordBodySchema } from '@sleep-ritual/contracts/auth';
import { BadRequestError } from '@sleep-ritual/platform/errors';
import { destroyUserSessions } from '@sleep-ritual/platform/http/session';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { consumeResetToken } from '@sleep-ritual/platform/reset-tokens';
import type { AuthDeps } from '../deps.ts';
import type { Limits } from '../domain/limits.ts';
import { findUserByEmail, setPassword } from '../data/users.ts';

export const FORGOT_PASSWORD_ANSWER =
  "If an account with that email exists, we've sent you a password reset link.";
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';

export function passwordRouter(deps: AuthDeps, limits: Limits): Router {
  const router = new Router({ prefix: '/api' });

  router.post('/forgot-password', async (ctx) => {
    const { email } = forgotPasswordBodySchema.parse(ctx.request.body);
    await limits.resetRequestsPerIp.hit(ctx.ip);
    await limits.resetRequestsPerEmail.hit(email);
    const user = await findUserByEmail(deps.db, email);
    if (user) await deps.sendEmail({ template: 'password-reset', userId: user.id });
    // The same answer whether or not the account exists, so the form cannot test addresses.
    ctx.body = { message: FORGOT_PASSWORD_ANSWER };
  });

  router.post('/reset-password', async (ctx) => {
    const { token, password } = resetPasswordBodySchema.parse(ctx.request.body);
    await limits.resetAttemptsPerIp.hit(ctx.ip);
    const passwordHash = await hashPassword(password);
    const userId = await deps.db.transaction(async (trx) => {
      const owner = await consumeResetToken(trx, token);
      if (owner) await setPassword(trx, owner, passwordHash);
      return owner;
    });
    if (!userId) throw new BadRequestError(INVALID_RESET_LINK);

    // Whoever knew the old password is signed out everywhere; the learner signs in with the new one.
    await destroyUserSessions(deps.redis, userId);
    if (ctx.session?.userId === userId) ctx.session = null;
    ctx.body = { message: 'Password reset successful' };
  });

  return router;
}
