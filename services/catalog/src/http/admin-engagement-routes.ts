import type Router from '@koa/router';
import { engagementQuerySchema } from '@sleep-ritual/contracts/admin-members';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { getEngagement } from '../domain/admin-engagement.ts';

/** Where learners stop: per class of a programme, started, completed and the median watched. */
export function registerAdminEngagementRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/engagement', async (ctx) => {
    const { programId } = engagementQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getEngagement(deps.db, programId);
  });
}
