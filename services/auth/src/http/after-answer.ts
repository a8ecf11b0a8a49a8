import type { Context } from 'koa';
import type { AuthDeps } from '../deps.ts';

/**
 * Runs `work` once the answer has gone out. For the calls that must answer the same whether or not an
 * account exists (forgot-password, the sign-in link), looking the account up and queueing its e-mail
 * happen here, so the answer's timing cannot tell a known address from an unknown one. A failure is
 * logged: the caller has had the same answer either way.
 */
export function afterAnswer(
  ctx: Context,
  deps: Pick<AuthDeps, 'logger'>,
  what: string,
  work: () => Promise<void>,
) {
  ctx.res.once('close', () => {
    work().catch((error: unknown) =>
      (ctx.log ?? deps.logger).error({ err: error }, `${what} failed after the answer`),
    );
  });
}
