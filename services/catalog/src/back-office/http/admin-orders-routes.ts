import type Router from '@koa/router';
import {
  orderJobIdSchema,
  orderListQuerySchema,
  type ReconciliationQueued,
} from '@sleep-ritual/contracts/admin-members';
import type { CatalogDeps } from '../../deps.ts';
import {
  checkReconciliationNow,
  listOrders,
  orderAttention,
  reconciliationState,
  retryOrder,
} from '../domain/admin-orders.ts';
import { adminRouter, auditActor } from '../../http/admin-router.ts';

/** The checkout orders as the worker processed them, and Retry for the failed ones. */
export function adminOrdersRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  router.get('/orders', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOrders(deps, orderListQuerySchema.parse(ctx.query));
  });

  router.get('/orders/attention', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await orderAttention(deps);
  });

  router.get('/orders/reconciliation', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await reconciliationState(deps);
  });

  router.post('/orders/reconciliation', async (ctx) => {
    await checkReconciliationNow(deps);
    ctx.status = 202;
    ctx.body = { queued: true } satisfies ReconciliationQueued;
  });

  router.post('/orders/:jobId/retry', async (ctx) => {
    ctx.body = await retryOrder(deps, auditActor(ctx), orderJobIdSchema.parse(ctx.params.jobId));
  });

  return router;
}
