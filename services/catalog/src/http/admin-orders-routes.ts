import type Router from '@koa/router';
import { orderJobIdSchema, orderListQuerySchema } from '@sleep-ritual/contracts/admin-members';
import type { CatalogDeps } from '../deps.ts';
import { listOrders, orderAttention, retryOrder } from '../domain/admin-orders.ts';
import { adminRouter, auditActor } from './admin-router.ts';

/** The checkout orders as the worker processed them, and Retry for the failed ones. */
export function adminOrdersRoutes(deps: CatalogDeps): Router {
  const router = adminRouter();
  router.get('/orders', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOrders(deps, orderListQuerySchema.parse(ctx.query));
  });

  router.get('/orders/attention', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await orderAttention(deps);
  });

  router.post('/orders/:jobId/retry', async (ctx) => {
    ctx.body = await retryOrder(deps, auditActor(ctx), orderJobIdSchema.parse(ctx.params.jobId));
  });

  return router;
}
