import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, migrateLatest, type Knex } from '../src/db.ts';
import { createServiceApp } from '../src/http/service-app.ts';
import { createTestDeps, listen, ownTestDatabase } from '../src/testing.ts';

// A process of a new release beside the database of the release before (its migration still to run, as
// a Kubernetes Job runs beside the rollout): not ready, so traffic stays with the processes before it.
const deps = createTestDeps();
let db: Knex;

beforeAll(async () => {
  db = createDb(await ownTestDatabase('readiness'), { min: 0, max: 2 });
  await db.migrate.down();
});
afterAll(async () => {
  await db.destroy();
  await deps.close();
});

it('is not ready until the release’s migrations have run on its database, then is', async () => {
  const server = await listen(createServiceApp({ ...deps, db }));
  try {
    const behind = await fetch(`${server.url}/readyz`);
    expect(behind.status).toBe(503);
    expect(await behind.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', schema: 'behind' },
    });
    // Live all the while: nothing to restart.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await migrateLatest(db);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', schema: 'ok' } });
  } finally {
    await server.close();
  }
});
