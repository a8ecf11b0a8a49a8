import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureDatabase, type Knex } from '../src/db.ts';
import { TEST_DATABASE_URL } from '../src/testing.ts';

// A database of its own, because this test rolls the whole schema back; named after the test database,
// so suites run side by side (other checkouts, other branches) never share it.
const url = new URL(TEST_DATABASE_URL);
url.pathname = `${url.pathname}_migrations`;
let db: Knex;

beforeAll(async () => {
  await ensureDatabase(url.toString());
  db = createDb(url.toString(), { min: 0, max: 2 });
  await db.migrate.rollback(undefined, true);
});
afterAll(async () => {
  await db.destroy();
});

const tables = [
  'users',
  'courses',
  'purchases',
  'user_progress',
  'password_reset_tokens',
  'product_program_map',
  'programs',
  'phases',
  'paths',
  'classes',
  'admin_courses',
  'bedtime_reminders',
  'bedtime_reminder_sends',
];

describe('migrations', () => {
  it('go up, down and up again cleanly', async () => {
    await db.migrate.latest();
    for (const table of tables) expect(await db.schema.hasTable(table)).toBe(true);
    await db.migrate.rollback(undefined, true);
    for (const table of tables) expect(await db.schema.hasTable(table)).toBe(false);
    await db.migrate.latest();
    for (const table of tables) expect(await db.schema.hasTable(table)).toBe(true);
  });

  it('apply the spec defaults and the cascade from programme down to class', async () => {
    const [program] = await db('programs').insert({ title: 'Cascade test' }).returning('*');
    expect(program).toMatchObject({
      isActive: true,
      programType: 'Full Program',
      orderIndex: 0,
      deletedAt: null,
    });
    const [phase] = await db('phases').insert({ programId: program.id, title: 'P' }).returning('*');
    expect(phase.isUnlocked).toBe(true);
    const [path] = await db('paths').insert({ phaseId: phase.id, title: 'Path' }).returning('id');
    await db('classes').insert({ pathId: path.id, title: 'Class' });
    await db('programs').where({ id: program.id }).delete();
    expect(await db('classes').where({ pathId: path.id })).toHaveLength(0);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    await db('users').insert({ email: 'Case@Example.com' });
    await expect(db('users').insert({ email: 'case@example.COM' })).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses a programme type other than Full Program or Add On', async () => {
    await expect(db('programs').insert({ title: 'x', programType: 'Bundle' })).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('allows one progress row per learner and class', async () => {
    const [user] = await db('users').insert({ email: 'progress-unique@example.com' }).returning('id');
    const [program] = await db('programs').insert({ title: 'x' }).returning('id');
    const [phase] = await db('phases').insert({ programId: program.id, title: 'x' }).returning('id');
    const [path] = await db('paths').insert({ phaseId: phase.id, title: 'x' }).returning('id');
    const [lesson] = await db('classes').insert({ pathId: path.id, title: 'x' }).returning('id');
    await db('user_progress').insert({ userId: user.id, classId: lesson.id });
    await expect(db('user_progress').insert({ userId: user.id, classId: lesson.id })).rejects.toMatchObject({
      code: '23505',
    });
  });
});
