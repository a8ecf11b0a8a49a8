import { describe, expect, it } from 'vitest';
import { adminTestbed, call, createTree, uniqueTitle } from './admin-fixtures.ts';

const bed = adminTestbed();
const NUL = '\u0000';

/** A refused write: 400, naming the field, in the validation errors' shape. */
function expectRefused(
  answer: { status: number; body: { error: string; issues?: unknown[] } },
  field: string,
) {
  expect(answer.status).toBe(400);
  expect(answer.body.error).toBe(`${field} contains a character that cannot be stored (NUL)`);
  expect(answer.body.issues?.map((issue) => (issue as { path: unknown[] }).path.join('.'))).toEqual([field]);
}

describe('text PostgreSQL cannot store (a NUL character)', () => {
  it('is refused with 400 naming the field on programmes, phases, paths and classes, and nothing is written', async () => {
    const { program, phase, path } = await createTree(bed.admin, 1);
    const title = uniqueTitle(`Bad${NUL}Title`);

    expectRefused(await call(bed.admin, 'POST', '/api/admin/programs', { title }), 'title');
    expectRefused(
      await call(bed.admin, 'POST', `/api/admin/programs/${program.id}/phases`, {
        programId: program.id,
        title: 'Fine',
        description: `Line${NUL}`,
      }),
      'description',
    );
    expectRefused(
      await call(bed.admin, 'PUT', `/api/admin/phases/${phase.id}`, { title: `Phase${NUL}` }),
      'title',
    );
    expectRefused(
      await call(bed.admin, 'POST', `/api/admin/phases/${phase.id}/paths`, { title: 'Fine', label: NUL }),
      'label',
    );
    expectRefused(
      await call(bed.admin, 'POST', `/api/admin/paths/${path.id}/classes`, {
        title: 'Fine',
        objective: `Rest${NUL}`,
      }),
      'objective',
    );
    expectRefused(
      await call(bed.admin, 'PUT', '/api/admin/programs/reorder', { programs: [{ id: 1, title: NUL }] }),
      'programs.0.title',
    );
    expect(
      await bed.deps
        .db('programs')
        .where('title', 'like', `%${title.split(NUL)[1]}`)
        .first(),
    ).toBeUndefined();
  });

  it('is refused in a query parameter too, naming it', async () => {
    const answer = await call(bed.admin, 'GET', `/api/admin/members?q=${encodeURIComponent(`a${NUL}`)}`);
    expectRefused(answer, 'q');
  });
});
