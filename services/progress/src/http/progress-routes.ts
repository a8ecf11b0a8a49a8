import Router from '@koa/router';
import type { Context } from 'koa';
import { ADMIN_PREVIEW_MESSAGES } from '@sleep-ritual/contracts/admin-preview';
import { parseIdParam } from '@sleep-ritual/contracts/errors';
import { BadRequestError, ForbiddenError, NotFoundError } from '@sleep-ritual/platform/errors';
import { currentUserId, isAdminPreview, requireUserOrPreview } from '@sleep-ritual/platform/http/guards';
import type { ProgressRouteDeps } from '../deps.ts';
import {
  progressCompletionSchema,
  progressEventSchema,
  type ProgressEvent,
} from '@sleep-ritual/contracts/progress';
import { sleepCheckInInputSchema } from '@sleep-ritual/contracts/sleep-check-ins';
import { answerCheckIn, getCheckIns } from '../domain/check-ins.ts';
import { readProgress, recordProgress, setCompletion } from '../domain/record-progress.ts';

/** An admin's "View as learner" tab records nothing, whoever else the session is signed in as. */
function refusePreview(ctx: Context): void {
  if (isAdminPreview(ctx)) throw new ForbiddenError(ADMIN_PREVIEW_MESSAGES.notRecorded);
}

/**
 * navigator.sendBeacon posts its JSON as text/plain, which the shared body parser leaves a string, so
 * a string body is parsed here; a JSON body arrives already parsed.
 */
function parseEventBody(body: unknown): ProgressEvent {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new BadRequestError('The request body is not valid JSON.');
    }
  }
  return progressEventSchema.parse(value ?? {});
}

/** Watch progress (spec 000 §4, §5, §7): the tracker's events, and the learner's record per class. */
export function progressRoutes(deps: ProgressRouteDeps): Router {
  const router = new Router({ prefix: '/api' });
  router.use(requireUserOrPreview);

  const record = async (ctx: Context) => {
    refusePreview(ctx);
    const userId = currentUserId(ctx);
    const classId = parseIdParam(ctx.params.classId);
    const event = parseEventBody(ctx.request.body);
    ctx.body = await recordProgress(deps, userId, classId, event);
  };
  router.put('/progress/:classId', record);
  // The exit event comes by navigator.sendBeacon, which can only POST.
  router.post('/progress/:classId', record);

  router.put('/progress/:classId/completion', async (ctx) => {
    refusePreview(ctx);
    const classId = parseIdParam(ctx.params.classId);
    const body = progressCompletionSchema.parse(ctx.request.body ?? {});
    ctx.body = await setCompletion(deps, currentUserId(ctx), classId, body);
  });

  // The morning check-in ("How did you sleep?"): an admin's preview has nothing to answer about.
  router.get('/progress/check-ins', async (ctx) => {
    if (isAdminPreview(ctx)) {
      ctx.body = { pending: null, answers: [] };
      return;
    }
    ctx.body = await getCheckIns(deps, currentUserId(ctx));
  });

  router.put('/progress/:classId/check-in', async (ctx) => {
    refusePreview(ctx);
    const classId = parseIdParam(ctx.params.classId);
    const body = sleepCheckInInputSchema.parse(ctx.request.body ?? {});
    ctx.body = await answerCheckIn(deps, currentUserId(ctx), classId, body);
  });

  router.get('/progress/:classId', async (ctx) => {
    if (isAdminPreview(ctx)) throw new NotFoundError(ADMIN_PREVIEW_MESSAGES.notRecorded);
    ctx.body = await readProgress(deps, currentUserId(ctx), parseIdParam(ctx.params.classId));
  });

  return router;
}
