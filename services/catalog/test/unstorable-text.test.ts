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

describe('text that is not UTF-8', () => {
  const NOT_UTF8 = (field: string) => `${field} is not valid UTF-8 text`;

  it('is refused with 400: bytes that are not UTF-8, and a lone surrogate naming its field', async () => {
    const marker = uniqueTitle('Not UTF-8');
    const bytes = Buffer.concat([
      Buffer.from(`{"title":"${marker} `),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const raw = await bed.admin.request('/api/admin/programs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bytes,
    });
    expect(raw.status).toBe(400);
    expect((await raw.json()).error).toBe('The request body is not valid UTF-8.');

    for (const text of ['\ud800', '\udc00 one']) {
      const answer = await call(bed.admin, 'POST', '/api/admin/programs', { title: `${marker} ${text}` });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(NOT_UTF8('title'));
    }
    expect(await bed.deps.db('programs').where('title', 'like', `${marker}%`).first()).toBeUndefined();
  });

  it('takes U+FFFD as text, in a body or a query, and text outside the basic plane (surrogate pairs)', async () => {
    // A name ThriveCart sent with U+FFFD is stored so: it may be saved again and searched for.
    for (const title of [uniqueTitle('Sleep \ufffd'), uniqueTitle('Sleep 🌙 𝄞')]) {
      const answer = await call(bed.admin, 'POST', '/api/admin/programs', { title });
      expect(answer.status).toBe(201);
      expect(answer.body.title).toBe(title);
    }
    const query = await call(bed.admin, 'GET', `/api/admin/members?q=${encodeURIComponent('Jos\ufffd')}`);
    expect(query.status).toBe(200);
  });
});
