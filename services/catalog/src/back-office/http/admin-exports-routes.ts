import type Router from '@koa/router';
import type { Context } from 'koa';
import type { CatalogDeps } from '../../deps.ts';
import { exportMembers, exportProgress } from '../domain/admin-exports.ts';
import { adminRouter, auditActor } from '../../http/admin-router.ts';

/** CSV downloads of every member with their programmes, and of every progress record. */
export function adminExportsRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);

  function download(ctx: Context, name: string): void {
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    ctx.set('Cache-Control', 'no-store');
  }

  router.get('/exports/members.csv', async (ctx) => {
    const csv = await exportMembers(deps, auditActor(ctx));
    download(ctx, 'members');
    ctx.body = csv;
  });

  router.get('/exports/progress.csv', async (ctx) => {
    const csv = await exportProgress(deps, auditActor(ctx));
    download(ctx, 'progress');
    ctx.body = csv;
  });

  return router;
}
