import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithSession, createClient, createTestDeps, listen } from '@sleep-ritual/platform/testing';
import { createApp } from '../../src/app.ts';

const deps = createTestDeps();
let server: Awaited<ReturnType<typeof listen>>;
let admin: Awaited<ReturnType<typeof clientWithSession>>;
let programId: number;
const PATH = '/api/admin/product-mappings';

beforeAll(async () => {
  server = await listen(createApp(deps));
  admin = await clientWithSession(server.url, deps, { isAdmin: true });
  [{ id: programId }] = await deps
    .db('programs')
    .insert({ title: `Mapped programme ${Date.now()}` })
    .returning('id');
});
afterAll(async () => {
  await server.close();
  await deps.close();
});

/** An item number no other test uses: product_program_map keys are unique across the database. */
const uniqueNumber = () => randomInt(100_000_000, 2_000_000_000);

async function send(client: ReturnType<typeof createClient>, method: string, path: string, json?: unknown) {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe('without the admin session', () => {
  it.each([
    ['GET', PATH],
    ['POST', PATH],
    ['DELETE', `${PATH}/1`],
  ])('%s %s answers 401 to anonymous visitors and to learners', async (method, path) => {
    const body = { externalProductId: `product-${uniqueNumber()}`, programId };
    expect(await send(createClient(server.url), method, path, method === 'POST' ? body : undefined)).toEqual({
      status: 401,
      body: { error: 'Admin sign-in required.' },
    });
    const learner = await clientWithSession(server.url, deps, { userId: 1 });
    expect((await send(learner, method, path, method === 'POST' ? body : undefined)).status).toBe(401);
  });

  it('an anonymous POST creates no mapping', async () => {
    const externalProductId = `bump-${uniqueNumber()}`;
    await send(createClient(server.url), 'POST', PATH, { externalProductId, programId });
    expect(await deps.db('product_program_map').where({ externalProductId }).first()).toBeUndefined();
  });
});

describe('POST /api/admin/product-mappings', () => {
  it('maps a checkout item to a programme, answers 201 with the mapping, and lists it', async () => {
    const externalProductId = `upsell-${uniqueNumber()}`;
    const { status, body } = await send(admin, 'POST', PATH, { externalProductId, programId });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      externalProductId,
      programId,
      programTitle: expect.stringMatching(/^Mapped programme/),
      programDeleted: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const list = await send(admin, 'GET', PATH);
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(body);
  });

  it('lists a mapping whose programme was deleted since as such (its new orders wait on a mapping)', async () => {
    const [{ id: doomed }] = await deps
      .db('programs')
      .insert({ title: `Doomed ${Date.now()}` })
      .returning('id');
    const externalProductId = `bump-${uniqueNumber()}`;
    const created = await send(admin, 'POST', PATH, { externalProductId, programId: doomed });
    expect(created.status).toBe(201);
    await deps.db('programs').where({ id: doomed }).update({ deletedAt: deps.db.fn.now() });
    const list = await send(admin, 'GET', PATH);
    expect(list.body).toContainEqual({ ...created.body, programDeleted: true });
  });

  it('reads a bare number as the main product, product-N', async () => {
    const number = uniqueNumber();
    const { status, body } = await send(admin, 'POST', PATH, {
      externalProductId: String(number),
      programId,
    });
    expect(status).toBe(201);
    expect(body.externalProductId).toBe(`product-${number}`);
  });

  it('answers 409 when the item is already mapped, however it was written', async () => {
    const number = uniqueNumber();
    expect(
      (await send(admin, 'POST', PATH, { externalProductId: `product-${number}`, programId })).status,
    ).toBe(201);
    const again = await send(admin, 'POST', PATH, { externalProductId: ` ${number} `, programId });
    expect(again).toEqual({
      status: 409,
      body: { error: 'This checkout item is already mapped to a programme.' },
    });
  });

  it.each([
    [{ externalProductId: 'gift-3', programId: 1 }, /^Enter the item as ThriveCart names it/],
    [{ externalProductId: 'product-', programId: 1 }, /^Enter the item as ThriveCart names it/],
    [{ programId: 1 }, /^Enter the item as ThriveCart names it/],
    [{ externalProductId: 'product-5', programId: 'three' }, /^Choose the programme/],
    [{ externalProductId: 'product-5', programId: 0 }, /^Choose the programme/],
    [{ externalProductId: 'product-5', programId: 2.5 }, /^Choose the programme/],
  ])('answers 400 with the reason for %j', async (json, message) => {
    const { status, body } = await send(admin, 'POST', PATH, json);
    expect(status).toBe(400);
    expect(body.error).toMatch(message);
    expect(body.issues).toBeInstanceOf(Array);
  });

  it('answers 404 when the programme does not exist or was deleted', async () => {
    const missing = await send(admin, 'POST', PATH, {
      externalProductId: `product-${uniqueNumber()}`,
      programId: 2_000_000_000,
    });
    expect(missing).toEqual({ status: 404, body: { error: 'Program not found' } });

    const [{ id: deleted }] = await deps
      .db('programs')
      .insert({ title: 'Deleted programme', deletedAt: new Date() })
      .returning('id');
    const gone = await send(admin, 'POST', PATH, {
      externalProductId: `product-${uniqueNumber()}`,
      programId: deleted,
    });
    expect(gone.status).toBe(404);
  });
});

describe('DELETE /api/admin/product-mappings/{id}', () => {
  it('removes the mapping: 204, then it is no longer listed, and a second delete is 404', async () => {
    const { body: mapping } = await send(admin, 'POST', PATH, {
      externalProductId: `bump-${uniqueNumber()}`,
      programId,
    });
    expect(await send(admin, 'DELETE', `${PATH}/${mapping.id}`)).toEqual({ status: 204, body: undefined });
    expect((await send(admin, 'GET', PATH)).body).not.toContainEqual(mapping);
    expect(await send(admin, 'DELETE', `${PATH}/${mapping.id}`)).toEqual({
      status: 404,
      body: { error: 'Product mapping not found' },
    });
  });

  it('answers 400 to an id that is not a positive whole number', async () => {
    const { status, body } = await send(admin, 'DELETE', `${PATH}/abc`);
    expect(status).toBe(400);
    expect(body.error).toBe('The id must be a positive whole number.');
  });
});
