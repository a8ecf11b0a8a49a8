import { describe, expect, it } from 'vitest';
import type { DeletedEntry } from '@sleep-ritual/contracts/admin';
import type { Knex } from '@sleep-ritual/platform/db';
import { adminTestbed, call, createClass, createPhase, createTree } from './admin-fixtures.ts';

const bed = adminTestbed();

async function deletedList(): Promise<DeletedEntry[]> {
  const { status, body } = await call<DeletedEntry[]>(bed.admin, 'GET', '/api/admin/deleted');
  expect(status).toBe(200);
  return body;
}

const entryOf = async (level: string, id: number) =>
  (await deletedList()).find((entry) => entry.level === level && entry.id === id);

const restore = (level: string, id: number) =>
  call(bed.admin, 'POST', `/api/admin/deleted/${level}/${id}/restore`);

const liveIds = async (path: string) =>
  ((await call<{ id: number }[]>(bed.admin, 'GET', path)).body ?? []).map((row) => row.id);

describe('GET /api/admin/deleted and restoring a deletion', () => {
  it('lists each deletion once, where it was, and brings back what went with it, not what went before', async () => {
    const { program, phase, path, classes } = await createTree(bed.admin, 3);
    const [first, second, third] = classes as [(typeof classes)[0], (typeof classes)[0], (typeof classes)[0]];
    // The first class is deleted on its own; later its path, with the two classes left.
    expect((await call(bed.admin, 'DELETE', `/api/admin/classes/${first.id}`)).status).toBe(200);
    const pathAddress = `/api/admin/programs/${program.id}/phases/${phase.id}/paths/${path.id}`;
    expect((await call(bed.admin, 'DELETE', pathAddress)).status).toBe(200);

    const list = await deletedList();
    const pathEntry = list.find((entry) => entry.level === 'path' && entry.id === path.id);
    expect(pathEntry).toMatchObject({
      title: path.title,
      within: [
        { level: 'program', id: program.id, title: program.title },
        { level: 'phase', id: phase.id, title: phase.title },
      ],
      blockedBy: null,
    });
    expect(new Date(pathEntry!.deletedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(list.find((entry) => entry.level === 'class' && entry.id === first.id)).toMatchObject({
      within: [
        { level: 'program', id: program.id },
        { level: 'phase', id: phase.id },
        { level: 'path', id: path.id, title: path.title },
      ],
      blockedBy: 'path',
    });
    // Deleted with their path: the path's entry stands for them.
    expect(list.some((entry) => entry.level === 'class' && entry.id === second.id)).toBe(false);
    expect(list.some((entry) => entry.level === 'class' && entry.id === third.id)).toBe(false);
    // Newest first.
    expect(list.indexOf(pathEntry!)).toBeLessThan(
      list.findIndex((entry) => entry.level === 'class' && entry.id === first.id),
    );

    const refused = await restore('class', first.id);
    expect(refused).toEqual({ status: 409, body: { error: 'Restore its path first: it is deleted too.' } });

    const restored = await restore('path', path.id);
    expect(restored).toEqual({
      status: 200,
      body: { success: true, level: 'path', id: path.id, title: path.title, rows: 3 },
    });
    expect(await liveIds(`/api/admin/phases/${phase.id}/paths`)).toEqual([path.id]);
    expect(await liveIds(`/api/admin/paths/${path.id}/classes`)).toEqual([second.id, third.id]);
    expect(await entryOf('path', path.id)).toBeUndefined();
    expect(await entryOf('class', first.id)).toMatchObject({ blockedBy: null });

    expect((await restore('class', first.id)).status).toBe(200);
    // Back in its place, with its lock.
    expect(await liveIds(`/api/admin/paths/${path.id}/classes`)).toEqual([first.id, second.id, third.id]);
    expect((await call(bed.admin, 'GET', `/api/admin/classes/${first.id}`)).body).toMatchObject({
      orderIndex: first.orderIndex,
      isUnlocked: first.isUnlocked,
    });
    expect(await entryOf('class', first.id)).toBeUndefined();
  });

  it('brings back a programme with its phases, and records the restore in the audit log', async () => {
    const { program, phase } = await createTree(bed.admin, 1);
    const other = await createPhase(bed.admin, program.id, { orderIndex: 1 });
    expect((await call(bed.admin, 'DELETE', `/api/admin/programs/${program.id}`)).status).toBe(200);
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${program.id}`)).status).toBe(404);
    expect(await entryOf('program', program.id)).toMatchObject({ within: [], blockedBy: null });

    expect((await restore('program', program.id)).body).toMatchObject({ rows: 5 });
    expect(await liveIds('/api/admin/programs')).toContain(program.id);
    expect(await liveIds(`/api/admin/programs/${program.id}/phases`)).toEqual([phase.id, other.id]);
    const { body } = await call(bed.admin, 'GET', '/api/admin/audit-log?action=restore-content&pageSize=100');
    expect(
      (body.items as { details: Record<string, unknown> }[]).find(
        (item) => item.details.path === `/api/admin/deleted/program/${program.id}/restore`,
      ),
    ).toMatchObject({ details: { method: 'POST', id: program.id, title: program.title } });
  });

  it('restores a row deleted to the microsecond, as SQL writes it, and puts one whose place was taken at the end', async () => {
    const { path, classes } = await createTree(bed.admin, 3);
    const middle = classes[1]!;
    // Deleted by SQL's now(), which keeps microseconds a JavaScript date cannot.
    await bed.deps.db('classes').where({ id: middle.id }).update({ deletedAt: bed.deps.db.fn.now() });
    // Meanwhile a new class takes its place.
    const newcomer = await createClass(bed.admin, path.id, { orderIndex: middle.orderIndex });
    expect(await restore('class', middle.id)).toMatchObject({ status: 200, body: { rows: 1 } });
    expect(await liveIds(`/api/admin/paths/${path.id}/classes`)).toEqual([
      classes[0]!.id,
      newcomer.id,
      classes[2]!.id,
      middle.id,
    ]);
  });

  it('waits for a deletion of its programme under way, never deadlocking with it, then asks for the programme first', async () => {
    const { program, phase, path, classes } = await createTree(bed.admin, 1);
    const lesson = classes[0]!;
    expect((await call(bed.admin, 'DELETE', `/api/admin/classes/${lesson.id}`)).status).toBe(200);
    // A deletion of the programme, as softDeleteSubtree makes it: the programme first, then down.
    const deletion = await bed.deps.db.transaction();
    try {
      const deletedAt = new Date();
      await deletion('programs').where({ id: program.id }).update({ deletedAt });
      const restoring = restore('class', lesson.id);
      await waitForLockWait(deletion);
      await deletion('phases').where({ id: phase.id }).update({ deletedAt });
      await deletion('paths').where({ id: path.id }).update({ deletedAt });
      await deletion('classes').where({ pathId: path.id }).whereNull('deletedAt').update({ deletedAt });
      await deletion.commit();
      expect(await restoring).toEqual({
        status: 409,
        body: { error: 'Restore its program first: it is deleted too.' },
      });
    } finally {
      if (!deletion.isCompleted()) await deletion.rollback();
    }
  });

  it('answers 404 for a row that is not deleted or not there, and 400 for an unknown kind or id', async () => {
    const { classes } = await createTree(bed.admin, 1);
    expect(await restore('class', classes[0]!.id)).toEqual({
      status: 404,
      body: { error: 'Deleted class not found' },
    });
    expect((await restore('phase', 2_000_000_000)).status).toBe(404);
    expect((await restore('lesson', 1)).status).toBe(400);
    expect((await restore('class', 0)).status).toBe(400);
    expect((await restore('class', 99_999_999_999)).status).toBe(400);
  });
});

/** Until another session waits for a lock that `holder` holds (the restore, behind the deletion). */
async function waitForLockWait(holder: Knex.Transaction) {
  const { rows } = await holder.raw('select pg_backend_pid() as pid');
  const pid = rows[0].pid as number;
  for (let tries = 0; tries < 200; tries += 1) {
    const waiting = await bed.deps.db.raw(
      'select count(*)::int as n from pg_stat_activity where ? = any(pg_blocking_pids(pid))',
      [pid],
    );
    if (waiting.rows[0].n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the restore never waited for the deletion');
}
