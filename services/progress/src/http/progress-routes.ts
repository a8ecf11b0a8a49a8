import Router from '@koa/router';
import type { Context } from 'koa';
import { idParamSchema } from '@sleep-ritual/contracts/errors';
import { currentUserId, requireUser } from '@sleep-ritual/platform/http/guards';
import type { ProgressDeps } from '../deps.ts';
import { progressCompletionSchema } from '@sleep-ritual/contracts/progress';
import { readProgress, recordProgress, setCompletion } from '../domain/record-progress.ts';
import { parseEventBody } from './event-body.ts';

/** Watch progress (spec 000 §4, §5, §7): the tracker's events, and the learner's record per class. */
export function progressRoutes(deps: ProgressDeps): Router {
  const router = new Router({ prefix: '/api' });

  const record = async (ctx: Context) => {
    const userId = currentUserId(ctx);
    const classId = idParamSchema.parse(ctx.params.classId);
    const event = parseEventBody(ctx.request.body);
    ctx.body = await recordProgress(deps, userId, classId, event);
  };
  router.put('/progress/:classId', requireUser, record);
  // The exit event comes by navigator.sendBeacon, which can only POST.
  router.post('/progress/:classId', requireUser, record);

  router.put('/progress/:classId/completion', requireUser, async (ctx) => {
    const classId = idParamSchema.parse(ctx.params.classId);
    const body = progressCompletionSchema.parse(ctx.request.body ?? {});
    ctx.body = await setCompletion(deps, currentUserId(ctx), classId, body);
  });

  router.get('/progress/:classId', requireUser, async (ctx) => {
    ctx.body = await readProgress(deps, currentUserId(ctx), idParamSchema.parse(ctx.params.classId));
  });

  return router;
}
