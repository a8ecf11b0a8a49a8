import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Context, Middleware, Next } from 'koa';
import { QUEUE_VIEW_PATH } from '@sleep-ritual/contracts/admin-members';
import { isUnderPrefix } from '@sleep-ritual/contracts/app-routes';
import { ServiceUnavailableError } from '@sleep-ritual/platform/errors';
import { toErrorResponse } from '@sleep-ritual/platform/http/error-handler';
import { requireAdmin } from '@sleep-ritual/platform/http/guards';
import { labelRoute } from '@sleep-ritual/platform/metrics';
import type { AdminQueues, CatalogDeps } from '../deps.ts';

/**
 * The queue view at QUEUE_VIEW_PATH: bull-board's page and its API over the purchases and emails
 * queues, for admin sessions only (401 otherwise, as every admin call). It is read-only: a failed order
 * is retried from the Orders screen, which records the retry in the audit log, and removing or cleaning
 * jobs here would let a redelivered webhook or a queued e-mail run a second time (the kept job ids are
 * what makes them run once). Without the queues it answers 503.
 */
export function adminQueuesRoutes(deps: CatalogDeps): Middleware {
  const board = deps.queues ? queueBoard(deps.queues) : undefined;
  return async function adminQueues(ctx: Context, next: Next) {
    if (!isUnderPrefix(ctx.path, QUEUE_VIEW_PATH)) return next();
    labelRoute(ctx, `${QUEUE_VIEW_PATH}/*`);
    await requireAdmin(ctx, async () => {
      if (!board) throw new ServiceUnavailableError();
      ctx.set('Cache-Control', 'no-store');
      await board(ctx, next);
    });
  };
}

/** bull-board's type of it names each HTTP status; ours answers a plain number. */
type BoardErrorHandler = Parameters<KoaAdapter['setErrorHandler']>[0];

function queueBoard(queues: AdminQueues): Middleware {
  const serverAdapter = new KoaAdapter().setBasePath(QUEUE_VIEW_PATH);
  createBullBoard({
    queues: [queues.purchases, queues.emails].map(
      (queue) => new BullMQAdapter(queue, { readOnlyMode: true }),
    ),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: 'Sleep Ritual queues',
        miscLinks: [{ text: 'Back to Orders', url: '/admin/orders' }],
        hideDocsLink: true,
      },
    },
  });
  // Errors answer as every other call does: the JSON shape, no stack trace, 503 while Redis is down.
  serverAdapter.setErrorHandler(toErrorResponse as BoardErrorHandler);
  return serverAdapter.registerPlugin();
}
