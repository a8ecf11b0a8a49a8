import { describe, expect, it } from 'vitest';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import { adminTestbed, call } from './admin-fixtures.ts';

const bed = adminTestbed();

/** Every admin content call of spec 001 §7, plus the two detail reads the screens use. */
const ADMIN_CALLS: [method: string, path: string][] = [
  ['GET', '/api/admin/programs'],
  ['PUT', '/api/admin/programs/reorder'],
  ['POST', '/api/admin/programs'],
  ['GET', '/api/admin/programs/1'],
  ['PUT', '/api/admin/programs/1'],
  ['DELETE', '/api/admin/programs/1'],
  ['GET', '/api/admin/programs/1/phases'],
  ['POST', '/api/admin/programs/1/phases'],
  ['PUT', '/api/admin/phases/reorder'],
  ['PATCH', '/api/admin/phases/1/lock'],
  ['GET', '/api/admin/phases/1'],
  ['PUT', '/api/admin/phases/1'],
  ['DELETE', '/api/admin/phases/1'],
  ['GET', '/api/admin/phases/1/paths'],
  ['POST', '/api/admin/phases/1/paths'],
  ['PATCH', '/api/admin/phases/1/paths/reorder'],
  ['PATCH', '/api/admin/paths/1/lock'],
  ['GET', '/api/admin/paths/1'],
  ['GET', '/api/admin/programs/1/phases/1/paths/1'],
  ['PATCH', '/api/admin/programs/1/phases/1/paths/1'],
  ['DELETE', '/api/admin/programs/1/phases/1/paths/1'],
  ['GET', '/api/admin/paths/1/classes'],
  ['POST', '/api/admin/paths/1/classes'],
  ['POST', '/api/admin/paths/1/classes/reorder'],
  ['GET', '/api/admin/classes/1'],
  ['PUT', '/api/admin/classes/1'],
  ['DELETE', '/api/admin/classes/1'],
  ['PATCH', '/api/admin/classes/1/lock'],
  ['GET', '/api/admin/deleted'],
  ['POST', '/api/admin/deleted/class/1/restore'],
];

describe('admin calls without the admin session', () => {
  it.each(ADMIN_CALLS)('%s %s answers 401 JSON to an anonymous visitor', async (method, path) => {
    const { status, body } = await call(
      bed.anonymous,
      method,
      path,
      method === 'GET' ? undefined : { title: 'x' },
    );
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Admin sign-in required.' });
  });

  it.each(ADMIN_CALLS)(
    '%s %s answers 401 to a signed-in learner who is not an admin',
    async (method, path) => {
      const learner = await clientWithSession(bed.url, bed.deps, { userId: 1 });
      const { status } = await call(learner, method, path, method === 'GET' ? undefined : { title: 'x' });
      expect(status).toBe(401);
    },
  );

  it('an anonymous create leaves no programme behind', async () => {
    const title = `Anonymous attempt ${Date.now()}`;
    await call(bed.anonymous, 'POST', '/api/admin/programs', { title });
    expect(await bed.deps.db('programs').where({ title }).first()).toBeUndefined();
  });
});

describe('ids in admin addresses', () => {
  it.each([
    ['GET', '/api/admin/programs/abc'],
    ['GET', '/api/admin/programs/0'],
    ['GET', '/api/admin/programs/-3'],
    ['GET', '/api/admin/programs/1.5'],
    ['GET', '/api/admin/phases/abc'],
    ['GET', '/api/admin/paths/abc/classes'],
    ['GET', '/api/admin/classes/99999999999'],
    ['PATCH', '/api/admin/classes/x/lock'],
    ['GET', '/api/admin/programs/1/phases/x/paths/1'],
  ])('%s %s answers 400 when the id is not a positive whole number', async (method, path) => {
    const { status, body } = await call(
      bed.admin,
      method,
      path,
      method === 'GET' ? undefined : { isUnlocked: true },
    );
    expect(status).toBe(400);
    expect(body.error).toBe('The id must be a positive whole number.');
  });

  it.each([
    ['/api/admin/programs/2147483000', 'Program not found'],
    ['/api/admin/programs/2147483000/phases', 'Program not found'],
    ['/api/admin/phases/2147483000', 'Phase not found'],
    ['/api/admin/phases/2147483000/paths', 'Phase not found'],
    ['/api/admin/paths/2147483000', 'Path not found'],
    ['/api/admin/paths/2147483000/classes', 'Path not found'],
    ['/api/admin/classes/2147483000', 'Class not found'],
  ])('GET %s answers 404 "%s" for an unknown id', async (path, message) => {
    const { status, body } = await call(bed.admin, 'GET', path);
    expect(status).toBe(404);
    expect(body).toEqual({ error: message });
  });
});
