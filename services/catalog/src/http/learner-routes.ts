import Router from '@koa/router';
import { idParamSchema } from '@sleep-ritual/contracts/errors';
import type { Context } from 'koa';
import { currentUserId, isAdminPreview, requireUserOrPreview } from '@sleep-ritual/platform/http/guards';
import type { CatalogDeps } from '../deps.ts';
import {
  checkNavigation,
  getClassDetails,
  getPathClasses,
  getPathDetails,
  getProgramHierarchy,
  listMyPrograms,
  listPrograms,
} from '../domain/learner-catalog.ts';
import { listTonight } from '../domain/learner-journey.ts';

/** No learner has this id: an admin's preview owns nothing and has no progress of its own. */
const NO_LEARNER = 0;

/**
 * Whom a learner call answers for: the signed-in learner, or an admin's "View as learner" tab, which
 * sees every visible programme as an owner would, and locked classes too.
 */
function viewer(ctx: Context): [userId: number, preview: boolean] {
  return isAdminPreview(ctx) ? [NO_LEARNER, true] : [currentUserId(ctx), false];
}

/**
 * The learner's catalogue calls (spec 000 §7): signed-in learners only, content needs ownership; and
 * an admin's preview of the learner pages (see contracts/admin-preview).
 */
export function learnerRoutes(deps: CatalogDeps): Router {
  const router = new Router({ prefix: '/api' });
  router.use(requireUserOrPreview);
  const id = (value: string | undefined) => idParamSchema.parse(value);

  router.get('/programs', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await listPrograms(deps, userId, preview);
  });
  router.get('/my-programs', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await listMyPrograms(deps, userId, preview);
  });
  router.get('/my-programs/tonight', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = preview ? [] : await listTonight(deps, userId);
  });
  router.get('/programs/:programId/hierarchy', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await getProgramHierarchy(deps, userId, id(ctx.params.programId), preview);
  });
  router.get('/programs/:programId/navigation-check', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await checkNavigation(deps, userId, id(ctx.params.programId), preview);
  });
  router.get('/paths/:pathId/classes', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await getPathClasses(deps, userId, id(ctx.params.pathId), preview);
  });
  router.get('/paths/:pathId/details', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await getPathDetails(deps, userId, id(ctx.params.pathId), preview);
  });
  router.get('/classes/:classId/details', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await getClassDetails(deps, userId, id(ctx.params.classId), preview);
  });

  return router;
}
