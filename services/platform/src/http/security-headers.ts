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

/**
 * The services answer JSON (and a transcript's WebVTT, a redirect), never a page: the headers that
 * protect a page (a CSP naming what it loads, COOP, the DNS-prefetch and download switches, …) do
 * nothing for them. So an answer of a service carries the set OWASP's REST Security Cheat Sheet gives
 * for API responses: a CSP that allows nothing and no framing, nosniff, DENY, and HSTS behind https; and
 * Cross-Origin-Resource-Policy, so that another site cannot read one into its page. These also
 * stand for nginx's edge defaults (its maps add those only to an answer without them). About 750 bytes
 * fewer on every API answer than the page set, for the phone and for each hop.
 */
export function apiSecurityHeaders(config: Config) {
  const headers: [name: string, value: string][] = [
    ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
  if (config.secureCookies) headers.push(['Strict-Transport-Security', HSTS]);
  return async function apiSecurityHeadersMiddleware(ctx: Context, next: Next) {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    await next();
  };
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const HSTS = 'max-age=31536000; includeSubDomains';

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
