import Router from '@koa/router';
import type { Context } from 'koa';
import { isPurchaseEvent } from '@sleep-ritual/contracts/purchases';
import { purchaseEnqueuer } from '@sleep-ritual/jobs/purchases';
import { BadRequestError, TooManyRequestsError, UnauthorizedError } from '@sleep-ritual/platform/errors';
import type { WebhookDeps } from '../deps.ts';
import { queuePurchase, secretGuessLimit, webhookSecretCheck } from '../domain/receive-order.ts';
import { parseBracketedForm } from '@sleep-ritual/thrivecart/bracketed-form';
import { orderIdSchema, purchaseEventSchema, type WebhookAck } from '@sleep-ritual/thrivecart/webhook';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';

export const THRIVECART_WEBHOOK_PATH = '/webhooks/thrivecart';

/**
 * The checkout's webhook. The request path only verifies, validates and queues (no database work), so
 * it stays fast under a burst; the worker provisions access. It answers 200 only once Redis holds the
 * job, 503 when Redis does not answer (ThriveCart documents no retry of a failed delivery).
 */
export function thrivecartRoutes(deps: WebhookDeps): Router {
  const router = new Router({ prefix: '/api' });
  const secretGuesses = secretGuessLimit(deps.backends.counters, deps.logger);
  const isValidWebhookSecret = webhookSecretCheck(deps.config.thrivecartSecret);
  // The orders of a burst go to the queue together, a batch at a time.
  const enqueue = purchaseEnqueuer(deps.purchasesQueue);
  // A line per accepted order at info would be the busiest thing a burst does after the queue itself:
  // accepted orders are logged at debug (the queue holds them anyway); refusals and oddities at info/warn.
  const logAccepted = deps.logger.isLevelEnabled('debug');

  // ThriveCart saves a webhook URL only if HEAD and POST both answer 2xx.
  router.head(THRIVECART_WEBHOOK_PATH, (ctx) => {
    ctx.status = 200;
  });

  router.post(THRIVECART_WEBHOOK_PATH, async (ctx) => {
    const body = webhookBody(ctx);
    if (body.event === undefined && body.customer === undefined) {
      ctx.log.info('webhook URL check acknowledged');
      ctx.body = { received: true, queued: false } satisfies WebhookAck;
      return;
    }
    // A try is taken before the secret is compared, in one atomic step: concurrent guesses cannot slip
    // past the limit, and an address past it learns nothing.
    const address = limitAddress(ctx.ip);
    const taken = await secretGuesses.takeTry(address).catch((error: unknown) => {
      // Past the limit a right secret is answered as a guess is, and nothing it names is provisioned:
      // an order queued would mail its create-account link to whatever address the guesser gave, telling
      // them the guess was right. It is logged for the operator (once the answer has gone, so it takes
      // no longer than a guess's): reconciliation or ThriveCart's redelivery provisions it.
      if (error instanceof TooManyRequestsError && isValidWebhookSecret(body.thrivecart_secret))
        setImmediate(() => logRefused(body, ctx));
      throw error;
    });
    try {
      if (!isValidWebhookSecret(body.thrivecart_secret)) {
        ctx.log.warn({ event: loggable(body.event) }, 'webhook refused: wrong or missing thrivecart_secret');
        throw new UnauthorizedError('Invalid webhook secret.');
      }
      await secretGuesses.markProven(address, taken);
    } finally {
      secretGuesses.decided(address, taken);
    }
    const { event } = body;
    if (event !== undefined && typeof event !== 'string') throw new BadRequestError('event must be text');
    if (!isPurchaseEvent(event)) {
      ctx.log.info({ event }, 'webhook event acknowledged: it does not change access');
      ctx.body = { received: true, queued: false } satisfies WebhookAck;
      return;
    }

    const purchase = purchaseEventSchema.parse(body);
    const about = { event: purchase.event, orderId: purchase.orderId, test: purchase.test };
    const jobId = await queuePurchase(deps, enqueue, purchase, { requestId: ctx.requestId });
    if (jobId === undefined) {
      ctx.log.info(about, 'test order acknowledged and ignored: ACCEPT_TEST_ORDERS is false');
      ctx.body = { received: true, queued: false } satisfies WebhookAck;
      return;
    }
    if (logAccepted) ctx.log.debug({ ...about, jobId }, purchase.test ? 'test order queued' : 'order queued');
    const unrecognizedItems = purchase.unrecognizedItems;
    if (unrecognizedItems)
      ctx.log.warn(
        { ...about, jobId, unrecognizedItems },
        'order names items of no known kind: queued, not granted',
      );
    ctx.body = {
      received: true,
      queued: true,
      jobId,
      ...(unrecognizedItems ? { unrecognizedItems } : {}),
    } satisfies WebhookAck;
  });

  /** The order a post with the right secret named when it was answered 429, for the operator. */
  function logRefused(body: Record<string, unknown>, ctx: Context): void {
    // The order id alone, whatever the rest holds: reading the whole body here would take longer for a
    // right secret than a wrong one, which the guesser's next request could time.
    const orderId = orderIdSchema.safeParse(body.order_id);
    ctx.log.warn(
      {
        event: loggable(body.event),
        orderId: orderId.success ? orderId.data : undefined,
        address: limitAddress(ctx.ip),
      },
      'right webhook secret from an address past its wrong-secret limit: answered 429, not queued (reconciliation or a redelivery provisions it)',
    );
  }

  return router;
}

/** The body as nested objects, whether it came form-encoded with bracketed keys or as JSON. */
function webhookBody(ctx: Context): Record<string, unknown> {
  if (ctx.is('urlencoded')) return parseBracketedForm(ctx.request.rawBody ?? '');
  const body: unknown = ctx.request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** What the log says of a posted event: itself when it is text, else only its type (it may be anything). */
function loggable(event: unknown): string {
  return typeof event === 'string' ? event : `(${typeof event})`;
}
