import { describe, expect, it } from 'vitest';
import type { DeletedEntry } from '@sleep-ritual/contracts/admin';
import { adminTestbed, call, createPhase, createTree } from './admin-fixtures.ts';

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
