import { describe, expect, it } from 'vitest';
import { changedSinceOpened } from '@sleep-ritual/contracts/admin';
import { adminTestbed, call, createTree } from './admin-fixtures.ts';

const bed = adminTestbed();

/** Each level's edit address and method, for a tree made by createTree. */
async function editable() {
  const { program, phase, path, classes } = await createTree(bed.admin, 1);
  const lesson = classes[0]!;
  return [
    { level: 'program', method: 'PUT', url: `/api/admin/programs/${program.id}`, read: program },
    { level: 'phase', method: 'PUT', url: `/api/admin/phases/${phase.id}`, read: phase },
    {
      level: 'path',
      method: 'PATCH',
      url: `/api/admin/programs/${program.id}/phases/${phase.id}/paths/${path.id}`,
      read: path,
    },
    { level: 'class', method: 'PUT', url: `/api/admin/classes/${lesson.id}`, read: lesson },
  ] as const;
}

describe('an edit made against the version it read', () => {
  it('saves on the version it read, and refuses one made since with 409, leaving the other change as it was', async () => {
    for (const { level, method, url, read } of await editable()) {
      const first = await call(bed.admin, method, url, {
        title: `${level} from tab one`,
        updatedAt: read.updatedAt,
      });
      expect(first.status, level).toBe(200);
      expect(first.body.title).toBe(`${level} from tab one`);
      expect(first.body.updatedAt).not.toBe(read.updatedAt);

      // The second tab read the row before the first saved.
      const second = await call(bed.admin, method, url, {
        title: `${level} from tab two`,
        updatedAt: read.updatedAt,
      });
      expect(second, level).toEqual({ status: 409, body: { error: changedSinceOpened(level) } });
      expect((await call(bed.admin, 'GET', url)).body.title).toBe(`${level} from tab one`);

      // Read again, it saves.
      const again = await call(bed.admin, method, url, {
        title: `${level} from tab two`,
        updatedAt: first.body.updatedAt,
      });
      expect(again.status, level).toBe(200);
      // Without a version (the spec's bodies), the edit is made whatever changed.
      expect((await call(bed.admin, method, url, { title: `${level} as sent` })).status).toBe(200);
    }
  });

  it('counts a lock toggled or a new order since as a change, and a transcript saved beside it not', async () => {
    const { path, classes } = await createTree(bed.admin, 2);
    const [lesson, other] = classes as [(typeof classes)[0], (typeof classes)[0]];
    const url = `/api/admin/classes/${lesson.id}`;
    const transcript = await bed.admin.request(`${url}/transcript`, {
      method: 'PUT',
      headers: { 'content-type': 'text/vtt' },
      body: 'WEBVTT\n\n00:00.000 --> 00:04.000\nBreathe in\n',
    });
    expect(transcript.status).toBe(200);
    const saved = await call(bed.admin, 'PUT', url, { title: 'Night One', updatedAt: lesson.updatedAt });
    expect(saved.status).toBe(200);

    expect((await call(bed.admin, 'PATCH', `${url}/lock`, { isUnlocked: true })).status).toBe(200);
    expect(
      (
        await call(bed.admin, 'PUT', url, {
          title: 'Night One',
          isUnlocked: false,
          updatedAt: saved.body.updatedAt,
        })
      ).status,
    ).toBe(409);
    const locked = (await call(bed.admin, 'GET', url)).body;
    expect(locked.isUnlocked).toBe(true);

    const reordered = await call(bed.admin, 'POST', `/api/admin/paths/${path.id}/classes/reorder`, {
      classUpdates: [
        { id: other.id, orderIndex: 0 },
        { id: lesson.id, orderIndex: 1 },
      ],
    });
    expect(reordered.status).toBe(200);
    expect(
      (await call(bed.admin, 'PUT', url, { title: 'Night 1', updatedAt: locked.updatedAt })).status,
    ).toBe(409);
  });

  it('refuses a version that is not a time with 400, and answers 404 for a deleted row whatever the version', async () => {
    const { classes } = await createTree(bed.admin, 1);
    const lesson = classes[0]!;
    const url = `/api/admin/classes/${lesson.id}`;
    // Not a time, or one out of the years a row can hold: 400.
    for (const updatedAt of ['yesterday', '0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', 42]) {
      const odd = await call(bed.admin, 'PUT', url, { title: 'Night', updatedAt });
      expect(odd.status, String(updatedAt)).toBe(400);
      expect(odd.body.issues[0]).toMatchObject({ path: ['updatedAt'] });
    }
    // An offset PostgreSQL itself would refuse (23 hours) is read as the time it says: another version.
    expect(
      (await call(bed.admin, 'PUT', url, { title: 'Night', updatedAt: '2026-11-29T06:00:00+23:00' })).status,
    ).toBe(409);
    // The same moment written with another offset is the same version.
    const [date, time] = lesson.updatedAt.replace('Z', '').split('T') as [string, string];
    const shifted = new Date(`${date}T${time}Z`);
    shifted.setUTCHours(shifted.getUTCHours() + 2);
    const sameMoment = `${shifted.toISOString().slice(0, 23)}+02:00`;
    expect((await call(bed.admin, 'PUT', url, { title: 'Night', updatedAt: sameMoment })).status).toBe(200);
    expect((await call(bed.admin, 'DELETE', url)).status).toBe(200);
    expect(await call(bed.admin, 'PUT', url, { title: 'Night', updatedAt: sameMoment })).toEqual({
      status: 404,
      body: { error: 'Class not found' },
    });
  });
});
