import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { membersAppRoutes, routePattern } from '@sleep-ritual/contracts/app-routes';
import { uploadPatterns, uploadRoutes, apiRoutes, secretQueryRoutes } from '../src/routes.ts';
import { renderLocalNginx, renderNginx, WEBHOOK_SENT_AGAIN } from '../../../scripts/render-nginx.ts';

const rendered = renderNginx();
const routesConf = rendered['infra/nginx/routes.conf']!;
const upstreamsConf = rendered['infra/nginx/upstreams.conf']!;

/** What the location of a call whose query carries a secret adds: only critical errors in the log. */
const QUIET_ERRORS = 'error_log /var/log/nginx/error.log crit; ';

function locationBody(conf: string, modifier: '=' | '^~' | '~', location: string): string | undefined {
  const line = conf.split('\n').find((text) => text.startsWith(`location ${modifier} ${location} {`));
  return line?.slice(line.indexOf('{') + 1, line.lastIndexOf('}')).trim();
}

/** An upload at an address with an id in it, as nginx's location nested in its prefix's says it. */
const NESTED_UPLOAD =
  /location ~ "\^\/api\/[^"]+\$" \{ client_max_body_size (\d+)k; proxy_request_buffering off; proxy_read_timeout \d+s; proxy_pass http:\/\/[a-z]+; \} /g;

describe('infra/nginx', () => {
  it.each(Object.keys(rendered))('committed %s is what scripts/render-nginx.ts renders', (file) => {
    expect(readFileSync(path.join(repoRoot, file), 'utf8')).toBe(rendered[file]);
  });

  it.each(
    Object.entries(apiRoutes).flatMap(([service, prefixes]) => prefixes.map((prefix) => [prefix, service])),
  )('proxies %s and everything below it to %s', (prefix, service) => {
    // Only a webhook may go on to another replica once sent (nginx-local.test shows it does).
    const sentAgain = service === 'webhooks' ? `${WEBHOOK_SENT_AGAIN} ` : '';
    const quiet = secretQueryRoutes.includes(prefix) ? QUIET_ERRORS : '';
    expect(locationBody(routesConf, '=', prefix)).toBe(`${quiet}${sentAgain}proxy_pass http://${service};`);
    expect(locationBody(routesConf, '^~', `${prefix}/`)?.replace(NESTED_UPLOAD, '')).toBe(
      `${sentAgain}proxy_pass http://${service};`,
    );
    expect(upstreamsConf).toMatch(new RegExp(`upstream ${service} \\{\\n    server ${service}:\\d+;`));
  });

  it.each(Object.keys(apiRoutes))(
    "compose's upstreams re-resolve %s through Docker's DNS, so scaled replicas are found",
    (service) => {
      const dynamic = rendered['infra/nginx/upstreams-dynamic.conf']!;
      const block = new RegExp(`upstream ${service} \\{([^}]*)\\}`).exec(dynamic)?.[1] ?? '';
      expect(block).toContain(`zone ${service} `);
      expect(block).toContain('resolver 127.0.0.11 valid=10s');
      expect(block).toMatch(new RegExp(`server ${service}:\\d+ resolve;`));
    },
  );

  it('answers any other /api path with the JSON 404', () => {
    for (const body of [locationBody(routesConf, '=', '/api'), locationBody(routesConf, '^~', '/api/')]) {
      expect(body).toContain(`return 404 '{"error":"Not found"}'`);
    }
  });

  it('serves the media volume under /media/ with audio types, hiding dot files', () => {
    const body = locationBody(routesConf, '^~', '/media/');
    expect(body).toContain('alias /srv/media/;');
    expect(body).toContain('audio/wav wav;');
    expect(body).toContain('location ~ /\\. { return 404; }');
  });

  it('never serves metrics: /metrics is a 404, and no /api location reaches a service outside its prefixes', () => {
    expect(locationBody(routesConf, '=', '/metrics')).toContain(`return 404 '{"error":"Not found"}'`);
    // The audio check is internal and asks the catalog only its one question.
    const mediaAccess = locationBody(routesConf, '=', '/_media-access')!;
    expect(mediaAccess).toMatch(/^internal; proxy_pass http:\/\/catalog\/api\/media-access; /);
    for (const line of routesConf
      .split('\n')
      .filter((text) => text.includes('proxy_pass') && !text.startsWith('location = /_media-access '))
      .map((text) => text.replace(NESTED_UPLOAD, ''))) {
      // The upload calls alone carry their body limit and streaming before the proxy_pass.
      const route = /^location = (\S+) \{ client_max_body_size/.exec(line)?.[1];
      const uploadSettings =
        route && route in uploadRoutes
          ? String.raw`client_max_body_size \d+k; proxy_request_buffering off; proxy_read_timeout \d+s; `
          : '';
      const sentAgain = `(${WEBHOOK_SENT_AGAIN} )?`;
      const quiet = secretQueryRoutes.some((secret) => line.startsWith(`location = ${secret} {`))
        ? QUIET_ERRORS
        : '';
      expect(line).toMatch(
        new RegExp(
          String.raw`^location (=|\^~) \/api\/[a-z-]+(\/[a-z-]+)*\/? \{ ${uploadSettings}${quiet}${sentAgain}proxy_pass http:\/\/[a-z]+; \}$`,
        ),
      );
    }
  });

  it('streams each upload to its service with room for the file and its envelope, and no other body over 100 kB', () => {
    for (const [route, bytes] of Object.entries(uploadRoutes)) {
      const body = locationBody(routesConf, '=', route);
      expect(body, route).toBe(
        `client_max_body_size ${Math.ceil(bytes / 1024)}k; proxy_request_buffering off; proxy_read_timeout 300s; proxy_pass http://catalog;`,
      );
      expect(bytes).toBeGreaterThan(10 * 1024 * 1024);
    }
    // A class's transcript, below the classes' prefix: up to its 1 MB there, and nowhere else.
    for (const { under, pattern, bytes } of uploadPatterns) {
      const nested = [...(locationBody(routesConf, '^~', `${under}/`) ?? '').matchAll(NESTED_UPLOAD)];
      expect(nested.map((match) => match[0])).toEqual([
        `location ~ "${pattern}" { client_max_body_size ${Math.ceil(bytes / 1024)}k; proxy_request_buffering off; proxy_read_timeout 300s; proxy_pass http://catalog; } `,
      ]);
      expect(bytes).toBeGreaterThanOrEqual(1024 * 1024);
    }
    expect(routesConf.match(/client_max_body_size/g)).toHaveLength(
      Object.keys(uploadRoutes).length + uploadPatterns.length,
    );
  });

  it('serves audio only after the catalog allowed it, cached privately; keeps an uploaded image a year, others an hour', () => {
    const body = locationBody(routesConf, '^~', '/media/')!;
    expect(body).toContain(
      'location ~* "^/media/(.+\\.(?:mp3|m4a|aac|ogg|opus|wav|flac|webm))$" { alias /srv/media/$1; auth_request /_media-access; set $cache_control "private, no-cache"; include static-headers.conf; }',
    );
    // First among the file locations: nginx takes the first regex that matches.
    expect(body.indexOf('auth_request')).toBeLessThan(body.indexOf('[0-9a-f]{32}'));
    expect(body).toContain('set $cache_control "public, max-age=3600";');
    expect(body).toMatch(
      /location ~ "\^\/media\/\(\[0-9a-f\]\{32\}\\\.\(\?:webp\|mp3\|m4a\|aac\|ogg\|opus\|wav\)\)\$" \{ alias \/srv\/media\/\$1; set \$cache_control "public, max-age=31536000, immutable"; include static-headers.conf; \}/,
    );
  });

  it.each([
    ['the image', rendered['infra/nginx/nginx.conf']!],
    [
      'npm run start:prod',
      renderLocalNginx({
        dir: '/tmp/nginx',
        port: 8080,
        upstreamPorts: { auth: [4101], catalog: [4102], progress: [4103], webhooks: [4104] },
        roots: { marketing: '/m', membersApp: '/a', media: '/media' },
        ipv6: false,
        mimeTypes: '/etc/nginx/mime.types',
        startedAsRoot: false,
      })['nginx.conf']!,
    ],
  ])('the access log of %s records no query and no Referer, which carry mailed tokens', (_what, conf) => {
    const formats = [...conf.matchAll(/^\s*log_format (\S+)([^;]*);/gm)];
    expect(formats.map(([, name]) => name)).toEqual(['main']);
    expect(formats[0]![2]).not.toMatch(
      /\$(request|request_uri|args|query_string|is_args|arg_\w+|http_referer)\b/,
    );
    // An access_log without a format would use nginx's "combined", which has both.
    const logs = [...conf.matchAll(/^\s*access_log ([^;]*);/gm)].map(([, value]) => value!);
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(log, log).toMatch(/^(off|\S+ main( .*)?)$/);
  });

  it.each(membersAppRoutes)('serves the members app shell on %s', (route) => {
    const body = locationBody(routesConf, '~', `"${routePattern(route)}"`);
    expect(body).toContain('root /srv/members-app; try_files /index.html =404;');
  });

  it('serves the members app shell on the whole admin area', () => {
    for (const body of [locationBody(routesConf, '=', '/admin'), locationBody(routesConf, '^~', '/admin/')]) {
      expect(body).toContain('root /srv/members-app; try_files /index.html =404;');
    }
  });
});

describe('infra/nginx for the installable members app', () => {
  it('serves the service worker for the whole origin, revalidated on every visit', () => {
    const body = locationBody(routesConf, '=', '/app/sw.js');
    expect(body).toContain('alias /srv/members-app/sw.js;');
    expect(body).toContain('add_header Service-Worker-Allowed "/" always;');
    // The server's default Cache-Control, no-cache, not the year of the hashed assets.
    expect(body).not.toContain('$cache_control');
    expect(body).toContain('include static-headers.conf;');
  });

  it('serves the web app manifest as application/manifest+json', () => {
    const body = locationBody(routesConf, '=', '/app/manifest.webmanifest');
    expect(body).toContain('alias /srv/members-app/manifest.webmanifest;');
    expect(body).toContain('types { } default_type application/manifest+json;');
  });
});
