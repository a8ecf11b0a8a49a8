import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { membersAppRoutes } from '@sleep-ritual/contracts/app-routes';
import { apiRoutes } from '../src/routes.ts';
import { renderNginx } from '../../../scripts/render-nginx.ts';

const rendered = renderNginx();
const routesConf = rendered['infra/nginx/routes.conf']!;
const upstreamsConf = rendered['infra/nginx/upstreams.conf']!;

function locationBody(conf: string, modifier: '=' | '^~', location: string): string | undefined {
  const line = conf.split('\n').find((text) => text.startsWith(`location ${modifier} ${location} {`));
  return line?.slice(line.indexOf('{') + 1, line.lastIndexOf('}')).trim();
}

describe('infra/nginx', () => {
  it.each(Object.keys(rendered))('committed %s is what scripts/render-nginx.ts renders', (file) => {
    expect(readFileSync(path.join(repoRoot, file), 'utf8')).toBe(rendered[file]);
  });

  it.each(
    Object.entries(apiRoutes).flatMap(([service, prefixes]) => prefixes.map((prefix) => [prefix, service])),
  )('proxies %s and everything below it to %s', (prefix, service) => {
    expect(locationBody(routesConf, '=', prefix)).toBe(`proxy_pass http://${service};`);
    expect(locationBody(routesConf, '^~', `${prefix}/`)).toBe(`proxy_pass http://${service};`);
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

  it.each(membersAppRoutes)('serves the members app shell on %s and below', (route) => {
    for (const body of [locationBody(routesConf, '=', route), locationBody(routesConf, '^~', `${route}/`)]) {
      expect(body).toContain('root /srv/members-app; try_files /index.html =404;');
    }
  });
});
