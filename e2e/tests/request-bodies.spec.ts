import { expect, test } from '@playwright/test';
import { apiRoutes, uploadRoutes } from '@sleep-ritual/platform/routes';
import { hostileBodies, wrongAnswers } from '@sleep-ritual/platform/testing-raw-request';
import { e2eEnv, e2eOrigin } from '../support/env.ts';

// The started system, through whichever origin serves it (the gateway, or nginx with production
// settings and two processes of each service under `npm run test:e2e:nginx`): nesting thousands deep,
// wide bodies, 5 MB and 50 MB, declared and chunked, posted to every prefix of the route table and to
// the uploads, each get an answer the client reads in full while still sending, never a 5xx.
// (services/gateway/test/request-bodies.test.ts sends them to every write route of every service.)

const origin = { host: '127.0.0.1', port: Number(e2eEnv.PORT) };
const endpoints = [...new Set([...Object.values(apiRoutes).flat(), ...Object.keys(uploadRoutes)])].map(
  (path) => ({ method: 'POST', path }),
);

for (const body of hostileBodies) {
  for (const framing of ['declared', 'chunked'] as const) {
    test(`@core a body ${body.name}, ${framing}, gets a readable answer and no 5xx on every API prefix`, async () => {
      test.setTimeout(120_000);
      const wrong = await wrongAnswers(origin, endpoints, body, framing, { plain413: e2eOrigin === 'nginx' });
      expect(wrong).toEqual([]);
    });
  }
}
