import Router from '@koa/router';
import { parseIdParam } from '@sleep-ritual/contracts/errors';
import { MEDIA_ACCESS_PATH, MEDIA_PATH_HEADER, MEDIA_URL_PREFIX } from '@sleep-ritual/contracts/media';
import type { Context } from 'koa';
import { ForbiddenError } from '@sleep-ritual/platform/errors';
import { currentUserId, isAdminPreview, requireUserOrPreview } from '@sleep-ritual/platform/http/guards';
import type { CatalogDeps, LearnerDeps } from '../deps.ts';
import {
  checkNavigation,
  getClassDetails,
  getPathClasses,
  getPathDetails,
  getProgramHierarchy,
  listMyPrograms,
  listPrograms,
  mayPlayAudio,
} from '../domain/learner-catalog.ts';
import { learnerTranscript } from '../domain/class-transcripts.ts';
import { listTonight } from '../domain/learner-journey.ts';
import { sendVtt } from './transcript-routes.ts';

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
export function learnerRoutes(deps: LearnerDeps): Router {
  const router = new Router({ prefix: '/api' });
  router.use(requireUserOrPreview);

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
    ctx.body = await getProgramHierarchy(deps, userId, parseIdParam(ctx.params.programId), preview);
  });
  router.get('/programs/:programId/navigation-check', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await checkNavigation(deps, userId, parseIdParam(ctx.params.programId), preview);
  });
  router.get('/paths/:pathId/classes', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await getPathClasses(deps, userId, parseIdParam(ctx.params.pathId), preview);
  });
  router.get('/paths/:pathId/details', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await getPathDetails(deps, userId, parseIdParam(ctx.params.pathId), preview);
  });
  router.get('/classes/:classId/details', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    ctx.body = await getClassDetails(deps, userId, parseIdParam(ctx.params.classId), preview);
  });
  // The class's WebVTT file, for listen mode's transcript panel and its captions track.
  router.get('/classes/:classId/transcript', async (ctx) => {
    const [userId, preview] = viewer(ctx);
    sendVtt(ctx, await learnerTranscript(deps, userId, parseIdParam(ctx.params.classId), preview));
  });

  return router;
}

const NOT_YOURS = 'This audio belongs to a class you cannot open.';

/**
 * The address in the header as stored in `classes.audioUrl`: decoded, without a query. Null for one
 * that does not decode (`/media/%C3%28.mp3`) or is not under /media/: no class plays it.
 */
function mediaPathOf(header: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(header, 'http://origin').pathname);
  } catch {
    return null;
  }
  return pathname.startsWith(MEDIA_URL_PREFIX) ? pathname : null;
}

/**
 * The origin's question before it serves an audio file (see MEDIA_ACCESS_PATH): 204 when the caller may
 * listen, 401 signed out, 403 otherwise. An admin session hears every file (the class editor plays
 * uploads before any class uses them). It answers nothing else, whatever the address: nginx's
 * `auth_request` turns any other answer (a 400) into its 500 page.
 */
export function mediaAccessRoutes(deps: CatalogDeps): Router {
  const router = new Router();
  router.get(MEDIA_ACCESS_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    if (ctx.session?.isAdmin) {
      ctx.status = 204;
      return;
    }
    const userId = currentUserId(ctx);
    const mediaPath = mediaPathOf(ctx.get(MEDIA_PATH_HEADER));
    if (mediaPath === null || !(await mayPlayAudio(deps, userId, mediaPath))) {
      throw new ForbiddenError(NOT_YOURS);
    }
    ctx.status = 204;
  });
  return router;
}
