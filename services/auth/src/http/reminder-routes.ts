import Router from '@koa/router';
import type { Context } from 'koa';
import { bedtimeReminderInputSchema, UNSUBSCRIBE_PATH } from '@sleep-ritual/contracts/reminders';
import { currentUserId, requireUser } from '@sleep-ritual/platform/http/guards';
import type { AuthRouteDeps } from '../deps.ts';
import { checkUnsubscribeLink, getReminder, saveReminder, unsubscribe } from '../domain/reminders.ts';

const tokenOf = (ctx: Context) => (typeof ctx.query.token === 'string' ? ctx.query.token : '');

/** The learner's bedtime reminder on /account, and the signed unsubscribe link every reminder carries. */
export function reminderRoutes(deps: AuthRouteDeps): Router {
  const router = new Router();

  router.get('/api/account/reminder', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getReminder(deps, currentUserId(ctx));
  });

  router.put('/api/account/reminder', requireUser, async (ctx) => {
    const input = bedtimeReminderInputSchema.parse(ctx.request.body);
    ctx.body = await saveReminder(deps, currentUserId(ctx), input);
  });

  // A person who opens the link in a browser gets the members app's page, which asks before it turns
  // anything off (mail scanners open links too); a script asking for JSON gets the state.
  router.get(UNSUBSCRIBE_PATH, async (ctx) => {
    const token = tokenOf(ctx);
    if (ctx.accepts('json', 'html') === 'html') {
      const page = new URL('/account/unsubscribe', deps.config.publicAppUrl);
      page.searchParams.set('token', token);
      ctx.redirect(page.toString());
      ctx.status = 303;
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await checkUnsubscribeLink(deps, token);
  });

  // RFC 8058 one-click: the body is `List-Unsubscribe=One-Click`, form-encoded; the token is in the
  // address. The page's own button posts here too.
  router.post(UNSUBSCRIBE_PATH, async (ctx) => {
    ctx.body = await unsubscribe(deps, tokenOf(ctx));
  });

  return router;
}
