import type Router from '@koa/router';
import {
  changeMemberEmailBodySchema,
  grantProgramBodySchema,
  memberSearchQuerySchema,
  programIdParamSchema,
} from '@sleep-ritual/contracts/admin-members';
import { parseIdParam } from '@sleep-ritual/contracts/errors';
import {
  changeMemberEmail,
  grantProgram,
  resendCreateAccount,
  revokeProgram,
  sendPasswordReset,
} from '../domain/admin-members-actions.ts';
import type { CatalogDeps } from '../../deps.ts';
import { getMemberDetail, searchMembers } from '../domain/admin-members.ts';
import { adminRouter, auditActor } from '../../http/admin-router.ts';

/** Members: search, one member's account, purchases and progress, and the actions on them. */
export function adminMembersRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);

  router.get('/members', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await searchMembers(deps.db, memberSearchQuerySchema.parse(ctx.query));
  });

  router.get('/members/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getMemberDetail(deps.db, parseIdParam(ctx.params.id));
  });

  router.patch('/members/:id', async (ctx) => {
    const id = parseIdParam(ctx.params.id);
    const { email } = changeMemberEmailBodySchema.parse(ctx.request.body ?? {});
    ctx.body = await changeMemberEmail(deps, auditActor(ctx), id, email);
  });

  router.post('/members/:id/grants', async (ctx) => {
    const id = parseIdParam(ctx.params.id);
    const { programId } = grantProgramBodySchema.parse(ctx.request.body ?? {});
    ctx.body = await grantProgram(deps, auditActor(ctx), id, programId);
    ctx.status = 201;
  });

  router.delete('/members/:id/grants/:programId', async (ctx) => {
    const id = parseIdParam(ctx.params.id);
    const programId = programIdParamSchema.parse(ctx.params.programId);
    ctx.body = await revokeProgram(deps, auditActor(ctx), id, programId);
  });

  router.post('/members/:id/resend-create-account', async (ctx) => {
    ctx.body = await resendCreateAccount(deps, auditActor(ctx), parseIdParam(ctx.params.id));
    ctx.status = 202;
  });

  router.post('/members/:id/password-reset', async (ctx) => {
    ctx.body = await sendPasswordReset(deps, auditActor(ctx), parseIdParam(ctx.params.id));
    ctx.status = 202;
  });

  return router;
}
