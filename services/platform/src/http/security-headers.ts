import type { Context, Next } from 'koa';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * The CSP allows only what the product uses: its own origin, the Vimeo player (frame and script) and
 * the members app's API origin for the marketing pages' sign-in check. Inline scripts are allowed only
 * by hash (the marketing pages pass theirs in).
 */
export function contentSecurityPolicy(config: Config, scriptHashes: readonly string[] = []): string {
  const apiOrigin = new URL(config.publicAppUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", 'https://player.vimeo.com', ...scriptHashes.map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'https:'],
    'frame-src': ['https://player.vimeo.com'],
    'connect-src': unique(["'self'", apiOrigin, 'https://*.vimeo.com', 'https://*.vimeocdn.com']),
  };
  if (config.secureCookies) directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * nosniff, a referrer policy, HSTS behind https, frame protection and the CSP, on every answer. They
 * depend only on the configuration, so helmet runs once at start-up against a recording response and
 * each request replays what it did.
 */
export function securityHeaders(config: Config) {
  const write = securityHeaderWriter(config);
  return async function securityHeadersMiddleware(ctx: Context, next: Next) {
    write(ctx.res);
    await next();
  };
}

/** The same headers for an answer made with node:http alone (the gateway's own /api answers). */
export function securityHeaderWriter(config: Config): (res: ServerResponse) => void {
  const steps = recordHelmet(config);
  const csp = contentSecurityPolicy(config);
  return (res) => {
    res.setHeader('Content-Security-Policy', csp);
    for (const [name, value] of steps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
  };
}

type HeaderStep = [name: string, value: string | undefined];

function recordHelmet(config: Config): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => steps.push([name, value]),
    removeHeader: (name: string) => steps.push([name, undefined]),
  };
  let finished = false;
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return steps;
}
