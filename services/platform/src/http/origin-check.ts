import type { Context, Next } from 'koa';
import type { Config } from '../config.ts';
import { ForbiddenError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own pages. SameSite=Lax already keeps the cookie off
 * most cross-site requests; this refuses the rest by Origin (browsers send it on every unsafe request).
 */
export function originCheck(config: Config, exemptPrefixes: readonly string[] = []) {
  const allowed = new Set([new URL(config.publicAppUrl).origin, new URL(config.publicMarketingUrl).origin]);
  return async function originCheckMiddleware(ctx: Context, next: Next) {
    if (!SAFE_METHODS.has(ctx.method) && !exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix))) {
      const origin = ctx.get('Origin');
      if (origin && !allowed.has(origin) && !isSameHost(origin, ctx.host)) {
        throw new ForbiddenError('This request came from another site and was refused.');
      }
    }
    await next();
  };
}

function isSameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
