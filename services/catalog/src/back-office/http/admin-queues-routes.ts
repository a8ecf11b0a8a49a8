import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { QUEUE_VIEW_PATH } from '@sleep-ritual/contracts/admin-members';
import { isUnderPrefix } from '@sleep-ritual/contracts/app-routes';
import { ServiceUnavailableError } from '@sleep-ritual/platform/errors';
import { toErrorResponse } from '@sleep-ritual/platform/http/error-handler';
import { requireAdmin } from '@sleep-ritual/platform/http/guards';
import { securityHeaderWriter } from '@sleep-ritual/platform/http/security-headers';
import { labelRoute } from '@sleep-ritual/platform/metrics';
import type { AdminQueues, CatalogDeps } from '../../deps.ts';

/**
 * The queue view at QUEUE_VIEW_PATH: bull-board's page and its API over the purchases and emails
 * queues, for admin sessions only (401 otherwise, as every admin call). It is read-only: a failed order
 * is retried from the Orders screen, which records the retry in the audit log, and removing or cleaning
 * jobs here would let a redelivered webhook or a queued e-mail run a second time (the kept job ids are
 * what makes them run once). Without the queues it answers 503. The one page a service serves: its
 * answers carry a page's security headers (its scripts and styles are the service's own), not an API's.
 */
export function adminQueuesRoutes(deps: CatalogDeps): Middleware {
  const board = deps.queues ? queueBoard(deps.queues) : undefined;
  const writePageHeaders = securityHeaderWriter(deps.config);
  return async function adminQueues(ctx: Context, next: Next) {
    if (!isUnderPrefix(ctx.path, QUEUE_VIEW_PATH)) return next();
    labelRoute(ctx, `${QUEUE_VIEW_PATH}/*`);
    await requireAdmin(ctx, async () => {
      if (!board) throw new ServiceUnavailableError();
      boardQuerySchema.parse(Object.fromEntries(new URLSearchParams(ctx.querystring)));
      ctx.set('Cache-Control', 'no-store');
      writePageHeaders(ctx.res);
      await board(ctx, next);
      inOurErrorShape(ctx);
    });
  };
}

/**
 * The list's paging, bounded before bull-board sees it: a page past the last safe integer reached Redis
 * as a range it could not read (a 500). A query parameter given twice is refused too.
 */
const pageNumber = (most: number) =>
  z
    .string()
    .regex(/^[1-9]\d*$/, 'must be a whole number from 1')
    .refine((value) => Number(value) <= most, `must be at most ${most}`);
const boardQuerySchema = z.object({
  page: pageNumber(100_000).optional(),
  jobsPerPage: pageNumber(1_000).optional(),
});

/** bull-board answers its own refusals (`{ error: { key }, code }`); ours say what is wrong in words. */
function inOurErrorShape(ctx: Context) {
  const body = ctx.body as { error?: unknown } | undefined;
  if (ctx.status < 400 || ctx.status >= 500 || !body || typeof body.error === 'string') return;
  const field = (body.error as { options?: { field?: unknown } } | undefined)?.options?.field;
  ctx.body = {
    error:
      ctx.status === 404
        ? 'Not found'
        : typeof field === 'string'
          ? `The query parameter ${field} is not valid.`
          : 'Invalid request',
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
