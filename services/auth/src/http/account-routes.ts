import Router from '@koa/router';
import { accountExportFileName } from '@sleep-ritual/contracts/account';
import { deleteAccountBodySchema } from '@sleep-ritual/contracts/auth';
import { currentUserId } from '@sleep-ritual/platform/http/guards';
import { setSignedInHint } from '@sleep-ritual/platform/http/session';
import { deleteAccount, exportAccount } from '../domain/account-rights.ts';
import { takeSignInAttempt } from '../domain/limits.ts';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';
import type { AuthRouteDeps } from '../deps.ts';

/** The member's rights over their own data: download it, delete the account (the privacy policy's promises). */
export function accountRoutes(deps: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api/account' });
  const { limits } = deps;

  router.get('/export', async (ctx) => {
    const userId = currentUserId(ctx);
    await limits.accountExportsPerUser.hit(String(userId));
    const now = new Date();
    const data = await exportAccount(deps, userId, now);
    ctx.set('Cache-Control', 'no-store');
    ctx.attachment(accountExportFileName(now));
    ctx.type = 'application/json';
    ctx.body = `${JSON.stringify(data, null, 2)}\n`;
  });

  router.delete('/', async (ctx) => {
    const userId = currentUserId(ctx);
    const proof = deleteAccountBodySchema.parse(ctx.request.body ?? {});
    await limits.accountDeletionAttemptsPerUser.hit(String(userId));
    await deleteAccount(deps, userId, proof, (email) =>
      takeSignInAttempt(limits, limits.signInCodeAttempts, limitAddress(ctx.ip), email),
    );
    ctx.session = null;
    setSignedInHint(ctx, deps.config, false);
    ctx.status = 204;
  });

  return router;
}
