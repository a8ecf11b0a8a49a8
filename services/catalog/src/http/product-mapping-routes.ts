import Router from '@koa/router';
import { idParamSchema } from '@sleep-ritual/contracts/errors';
import { createProductMappingSchema } from '@sleep-ritual/contracts/product-mappings';
import { requireAdmin } from '@sleep-ritual/platform/http/guards';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { listProductMappings } from '../data/product-mappings.ts';
import { createProductMapping, removeProductMapping } from '../domain/product-mappings.ts';

/** How checkout items map to programmes: list, add, remove. Admin session required. */
export function productMappingRouter(deps: ServiceDeps): Router {
  const router = new Router({ prefix: '/api/admin/product-mappings' });
  router.use(requireAdmin);

  router.get('/', async (ctx) => {
    ctx.body = await listProductMappings(deps.db);
  });

  router.post('/', async (ctx) => {
    ctx.body = await createProductMapping(deps, createProductMappingSchema.parse(ctx.request.body ?? {}));
    ctx.status = 201;
  });

  router.delete('/:id', async (ctx) => {
    await removeProductMapping(deps, idParamSchema.parse(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
