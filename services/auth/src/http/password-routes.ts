import Router from '@koa/router';
import {
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  type ResetTokenCheck,
} from '@sleep-ritual/contracts/auth';
import { checkResetToken, requestPasswordReset, resetPassword } from '../domain/accounts.ts';
import type { AuthRouteDeps } from '../deps.ts';
import { takeMailRequest } from '../domain/limits.ts';
import { afterAnswer } from './after-answer.ts';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';

export const FORGOT_PASSWORD_ANSWER =
  "If an account with that email exists, we've sent you a password reset link.";

export function passwordRoutes(deps: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api' });
  const { limits } = deps;

  router.post('/forgot-password', async (ctx) => {
    const { email } = forgotPasswordBodySchema.parse(ctx.request.body);
    await limits.resetRequestsPerIp.hit(limitAddress(ctx.ip));
    await takeMailRequest(limits, limits.resetRequests, limitAddress(ctx.ip), email);
    // The same answer whether or not the account exists, so the form cannot test addresses; the
    // look-up and the e-mail come after it, so its timing cannot either.
    ctx.body = { message: FORGOT_PASSWORD_ANSWER };
    afterAnswer(ctx, deps, 'forgot-password', () => requestPasswordReset(deps, email));
  });

  router.get('/reset-password', async (ctx) => {
    await limits.resetLinkChecksPerIp.hit(limitAddress(ctx.ip));
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const answer: ResetTokenCheck = {
      valid: token.length > 0 && token.length <= 255 && (await checkResetToken(deps, token)),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.post('/reset-password', async (ctx) => {
    const { token, password } = resetPasswordBodySchema.parse(ctx.request.body);
    await limits.resetAttemptsPerIp.hit(limitAddress(ctx.ip));
    const userId = await resetPassword(deps, token, password);
    if (ctx.session?.userId === userId) ctx.session = null;
    ctx.body = { message: 'Password reset successful' };
  });

  return router;
}
