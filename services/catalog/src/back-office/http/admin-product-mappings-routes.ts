import type Router from '@koa/router';
import { parseIdParam } from '@sleep-ritual/contracts/errors';
import { createProductMappingSchema } from '@sleep-ritual/contracts/product-mappings';
import type { CatalogDeps } from '../../deps.ts';
import {
  createProductMapping,
  listProductMappings,
  removeProductMapping,
} from '../domain/product-mappings.ts';
import { adminRouter } from '../../http/admin-router.ts';

/** How checkout items map to programmes: list, add, remove. Admin session required. */
export function adminProductMappingsRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps, '/product-mappings');

  router.get('/', async (ctx) => {
    ctx.body = await listProductMappings(deps);
  });

  router.post('/', async (ctx) => {
    ctx.body = await createProductMapping(deps, createProductMappingSchema.parse(ctx.request.body ?? {}));
    ctx.status = 201;
  });

  router.delete('/:id', async (ctx) => {
    await removeProductMapping(deps, parseIdParam(ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
