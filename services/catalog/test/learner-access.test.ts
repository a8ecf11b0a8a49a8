import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithSession, createClient } from '@sleep-ritual/platform/testing';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';
import {
  createClass,
  createCourse,
  createLearner,
  createPath,
  createPhase,
  createProgram,
  grant,
} from '@sleep-ritual/learning/testing-catalog';

const service = useService(createApp);
const deps = service.deps;
let course: Awaited<ReturnType<typeof createCourse>>;

beforeAll(async () => {
  course = await createCourse(deps.db);
});

async function learner(status?: string) {
  const userId = await createLearner(deps.db);
  if (status) await grant(deps.db, userId, course.programId, status);
  return clientWithSession(service.url, deps, { userId });
}

const contentCalls = () => [
  `/api/programs/${course.programId}/hierarchy`,
  `/api/programs/${course.programId}/navigation-check`,
  `/api/paths/${course.pathId}/classes`,
  `/api/paths/${course.pathId}/details`,
  `/api/classes/${course.classId}/details`,
];

/** The programme is listed as not owned, is not among the learner's, and its content is refused with 403. */
async function expectNoAccess(client: Awaited<ReturnType<typeof learner>>) {
  const programs = (await (await client.request('/api/programs')).json()) as {
    id: number;
    isOwned: boolean;
  }[];
  expect(programs.find((p) => p.id === course.programId)).toMatchObject({ isOwned: false });
  expect(await (await client.request('/api/my-programs')).json()).toEqual([]);
  for (const path of contentCalls()) {
    const response = await client.request(path);
    expect(response.status, path).toBe(403);
    expect(await response.json(), path).toEqual({ error: "You don't have access to this program." });
  }
}

describe('learner calls and ownership', () => {
  it('when nobody is signed in, every learner call answers 401 with the JSON error', async () => {
    const client = createClient(service.url);
    for (const path of ['/api/programs', '/api/my-programs', ...contentCalls()]) {
      const response = await client.request(path);
      expect(response.status, path).toBe(401);
      expect(await response.json(), path).toEqual({ error: 'Please sign in to continue.' });
    }
  });

  it('a learner without a purchase sees the programme listed as not owned and gets 403 for its content', async () => {
    const client = await learner();
    await expectNoAccess(client);
  });

  it('a learner whose purchase was refunded has lost access: not owned, and 403 for the content', async () => {
    const client = await learner('refunded');
    const programs = (await (await client.request('/api/programs')).json()) as {
      id: number;
      isOwned: boolean;
    }[];
    expect(programs.find((p) => p.id === course.programId)).toMatchObject({ isOwned: false });
    expect(await (await client.request('/api/my-programs')).json()).toEqual([]);
    for (const path of contentCalls()) expect((await client.request(path)).status, path).toBe(403);
  });

  it('a purchase suspended for an unpaid instalment whose grace ran out is refused like an unowned one', async () => {
    const day = 24 * 60 * 60 * 1000;
    const plan = (failedDaysAgo: number) => ({
      planStatus: 'active',
      paymentFailedAt: new Date(Date.now() - failedDaysAgo * day),
      graceEndsAt: new Date(Date.now() + (7 - failedDaysAgo) * day),
    });
    const suspended = await createLearner(deps.db);
    await grant(deps.db, suspended, course.programId, 'completed', plan(8));
    const client = await clientWithSession(service.url, deps, { userId: suspended });
    await expectNoAccess(client);

    const inGrace = await createLearner(deps.db);
    await grant(deps.db, inGrace, course.programId, 'completed', plan(3));
    const graceClient = await clientWithSession(service.url, deps, { userId: inGrace });
    for (const path of contentCalls()) expect((await graceClient.request(path)).status, path).toBe(200);
  });

  it('a purchase still pending grants nothing', async () => {
    const client = await learner('pending');
    for (const path of contentCalls()) expect((await client.request(path)).status, path).toBe(403);
  });

  it('an owning learner sees the programme as owned, in my-programs, and opens all of its content', async () => {
    const client = await learner('completed');
    const programs = (await (await client.request('/api/programs')).json()) as {
      id: number;
      isOwned: boolean;
    }[];
    expect(programs.find((p) => p.id === course.programId)).toMatchObject({ isOwned: true });
    const mine = (await (await client.request('/api/my-programs')).json()) as { id: number }[];
    expect(mine.map((p) => p.id)).toEqual([course.programId]);
    for (const path of contentCalls()) expect((await client.request(path)).status, path).toBe(200);
  });

  it('one refunded order does not take away access that another, completed order gives', async () => {
    const userId = await createLearner(deps.db);
    await grant(deps.db, userId, course.programId, 'refunded');
    await grant(deps.db, userId, course.programId, 'completed');
    const client = await clientWithSession(service.url, deps, { userId });
    expect((await client.request(`/api/classes/${course.classId}/details`)).status).toBe(200);
  });

  it('owning one programme gives nothing in another', async () => {
    const other = await createCourse(deps.db);
    const client = await learner('completed');
    expect((await client.request(`/api/programs/${other.programId}/hierarchy`)).status).toBe(403);
    expect((await client.request(`/api/classes/${other.classId}/details`)).status).toBe(403);
  });
});

describe("the origin's question before an audio file", () => {
  it.each([
    ['does not decode', '/media/%C3%28.mp3'],
    // nginx takes `//media/…` as /media/…, but passes the address as it was sent.
    ['reads as another host', '//media/night.mp3'],
  ])(
    'answers an address that %s as one no class plays: 401 signed out, 403 signed in',
    async (_what, address) => {
      // nginx's auth_request turns any other answer into its 500 page.
      const headers = { 'X-Media-Path': address };
      const signedOut = await createClient(service.url).request('/api/media-access', { headers });
      expect(signedOut.status).toBe(401);
      expect(await signedOut.json()).toEqual({ error: 'Please sign in to continue.' });
      const signedIn = await (await learner('completed')).request('/api/media-access', { headers });
      expect(signedIn.status).toBe(403);
      expect(await signedIn.json()).toEqual({ error: 'This audio belongs to a class you cannot open.' });
    },
  );
});

describe('ids in paths', () => {
  it('answers 400 for an id that is not a positive whole number, and 404 for an unknown one', async () => {
    const client = await learner('completed');
    for (const path of [
      '/api/programs/abc/hierarchy',
      '/api/paths/0/details',
      '/api/classes/-4/details',
      '/api/paths/1.5/classes',
      '/api/classes/99999999999/details',
    ]) {
      const response = await client.request(path);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ error: 'The id must be a positive whole number.' });
    }
    const notFound: [string, string][] = [
      ['/api/programs/2147483000/hierarchy', 'The requested program could not be found.'],
      ['/api/programs/2147483000/navigation-check', 'The requested program could not be found.'],
      ['/api/paths/2147483000/classes', 'The requested path could not be found.'],
      ['/api/paths/2147483000/details', 'The requested path could not be found.'],
      ['/api/classes/2147483000/details', 'The requested class could not be found.'],
    ];
    for (const [path, error] of notFound) {
      const response = await client.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error });
    }
  });
});

describe('locks', () => {
  async function lockedCourse() {
    const programId = await createProgram(deps.db);
    const openPhase = await createPhase(deps.db, programId, { orderIndex: 0 });
    const lockedPhase = await createPhase(deps.db, programId, { orderIndex: 1, isUnlocked: false });
    const openPath = await createPath(deps.db, openPhase, { orderIndex: 0 });
    const lockedPath = await createPath(deps.db, openPhase, { orderIndex: 1, isUnlocked: false });
    const pathInLockedPhase = await createPath(deps.db, lockedPhase);
    const ids = {
      programId,
      openPhase,
      lockedPhase,
      openPath,
      lockedPath,
      pathInLockedPhase,
      openClass: await createClass(deps.db, openPath, { orderIndex: 0 }),
      lockedClass: await createClass(deps.db, openPath, { orderIndex: 1, isUnlocked: false }),
      classInLockedPath: await createClass(deps.db, lockedPath),
      classInLockedPhase: await createClass(deps.db, pathInLockedPhase),
    };
    const userId = await createLearner(deps.db);
    await grant(deps.db, userId, programId);
    return { ids, client: await clientWithSession(service.url, deps, { userId }) };
  }

  it('lists locked phases and paths with isUnlocked false; a path in a locked phase is locked too', async () => {
    const { ids, client } = await lockedCourse();
    const hierarchy = await (await client.request(`/api/programs/${ids.programId}/hierarchy`)).json();
    expect(hierarchy.phases.map((p: { id: number; isUnlocked: boolean }) => [p.id, p.isUnlocked])).toEqual([
      [ids.openPhase, true],
      [ids.lockedPhase, false],
    ]);
    const paths = hierarchy.phases.flatMap((p: { paths: { id: number; isUnlocked: boolean }[] }) => p.paths);
    expect(paths.map((p: { id: number; isUnlocked: boolean }) => [p.id, p.isUnlocked])).toEqual([
      [ids.openPath, true],
      [ids.lockedPath, false],
      [ids.pathInLockedPhase, false],
    ]);
  });

  it('lists a locked class, and every class of a locked path or phase, with isUnlocked false', async () => {
    const { ids, client } = await lockedCourse();
    const open = await (await client.request(`/api/paths/${ids.openPath}/classes`)).json();
    expect(open.map((c: { id: number; isUnlocked: boolean }) => [c.id, c.isUnlocked])).toEqual([
      [ids.openClass, true],
      [ids.lockedClass, false],
    ]);
    for (const [pathId, classId] of [
      [ids.lockedPath, ids.classInLockedPath],
      [ids.pathInLockedPhase, ids.classInLockedPhase],
    ] as const) {
      const details = await (await client.request(`/api/paths/${pathId}/details`)).json();
      expect(details).toMatchObject({ id: pathId, isUnlocked: false });
      expect(details.classes).toEqual([expect.objectContaining({ id: classId, isUnlocked: false })]);
    }
  });

  it('refuses the details (the video) of a locked class, or of a class in a locked path or phase, with 403', async () => {
    const { ids, client } = await lockedCourse();
    expect((await client.request(`/api/classes/${ids.openClass}/details`)).status).toBe(200);
    for (const classId of [ids.lockedClass, ids.classInLockedPath, ids.classInLockedPhase]) {
      const response = await client.request(`/api/classes/${classId}/details`);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'This class is not unlocked yet.' });
    }
  });
});
