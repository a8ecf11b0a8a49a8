import Router from '@koa/router';
import { idParamSchema } from '@sleep-ritual/contracts/errors';
import { currentUserId, requireUser } from '@sleep-ritual/platform/http/guards';
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

/** The learner's catalogue calls (spec 000 §7): signed-in learners only; content needs ownership. */
export function learnerRoutes(deps: CatalogDeps): Router {
  const router = new Router({ prefix: '/api' });
  const id = (value: string | undefined) => idParamSchema.parse(value);

  router.get('/programs', requireUser, async (ctx) => {
    ctx.body = await listPrograms(deps, currentUserId(ctx));
  });
  router.get('/my-programs', requireUser, async (ctx) => {
    ctx.body = await listMyPrograms(deps, currentUserId(ctx));
  });
  router.get('/my-programs/tonight', requireUser, async (ctx) => {
    ctx.body = await listTonight(deps, currentUserId(ctx));
  });
  router.get('/programs/:programId/hierarchy', requireUser, async (ctx) => {
    ctx.body = await getProgramHierarchy(deps, currentUserId(ctx), id(ctx.params.programId));
  });
  router.get('/programs/:programId/navigation-check', requireUser, async (ctx) => {
    ctx.body = await checkNavigation(deps, currentUserId(ctx), id(ctx.params.programId));
  });
  router.get('/paths/:pathId/classes', requireUser, async (ctx) => {
    ctx.body = await getPathClasses(deps, currentUserId(ctx), id(ctx.params.pathId));
  });
  router.get('/paths/:pathId/details', requireUser, async (ctx) => {
    ctx.body = await getPathDetails(deps, currentUserId(ctx), id(ctx.params.pathId));
  });
  router.get('/classes/:classId/details', requireUser, async (ctx) => {
    ctx.body = await getClassDetails(deps, currentUserId(ctx), id(ctx.params.classId));
  });

  return router;
}
