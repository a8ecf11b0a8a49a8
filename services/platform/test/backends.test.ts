import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createQueueBackend } from '../src/backends.ts';
import { TooManyRequestsError } from '../src/errors.ts';
import { attemptBudgets, rateLimit } from '../src/rate-limit.ts';
import { endedMark, SIGNED_OUT } from '../src/session-store.ts';
import { TEST_BACKEND, createTestDeps } from '../src/testing.ts';

// The same expectations hold on both backends: the suite runs this file on Redis, and again with
// TEST_BACKEND=postgres on PostgreSQL alone (REDIS_URL=none).
const deps = createTestDeps();
const { sessions, counters } = deps.backends;
afterAll(() => deps.close());

const unique = (label: string) => `${label}-${randomUUID()}`;

describe(`the ${TEST_BACKEND} backend`, () => {
  it('is the one the configuration names', () => {
    expect(deps.backends.kind).toBe(TEST_BACKEND);
    expect(deps.config.redisUrl === null).toBe(TEST_BACKEND === 'postgres');
  });
});

describe('the session store', () => {
  it('keeps a session until it is ended (its mark stays in its place) or its lifetime ends', async () => {
    const [kept, short, gone] = [unique('kept'), unique('short'), unique('gone')];
    await sessions.set(kept, '{"userId":1}', 60_000);
    await sessions.set(short, '{"userId":2}', 1);
    await sessions.set(gone, '{"isAdmin":true}', 60_000);
    await sessions.destroy(gone);
    await expect.poll(async () => (await sessions.getMany([short]))[0]).toBeNull();
    expect(await sessions.getMany([kept, short, gone, unique('never')])).toEqual([
      '{"userId":1}',
      null,
      endedMark(SIGNED_OUT),
      null,
    ]);
  });

  it("ends every session of one user for good, and nobody else's; a sign-out ends one", async () => {
    const userId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000);
    const other = userId + 1;
    const mine = [unique('a'), unique('b')];
    const theirs = [unique('c'), unique('d')];
    for (const id of mine) {
      await sessions.set(id, JSON.stringify({ userId }), 60_000, { id: userId, indexMs: 120_000 });
    }
    for (const id of theirs) {
      await sessions.set(id, JSON.stringify({ userId: other }), 60_000, { id: other, indexMs: 120_000 });
    }
    await sessions.endUser(userId, SIGNED_OUT);
    const signedOut = endedMark(SIGNED_OUT);
    expect(await sessions.getMany([...mine, ...theirs])).toEqual([
      signedOut,
      signedOut,
      JSON.stringify({ userId: other }),
      JSON.stringify({ userId: other }),
    ]);
    // A request in flight during the sign-out saves its session again: it stays ended.
    await sessions.set(mine[0]!, JSON.stringify({ userId }), 60_000, { id: userId, indexMs: 120_000 });
    expect(await sessions.getMany([mine[0]!])).toEqual([signedOut]);

    await sessions.destroy(theirs[0]!);
    await sessions.set(theirs[0]!, JSON.stringify({ userId: other }), 60_000, {
      id: other,
      indexMs: 120_000,
    });
    expect(await sessions.getMany(theirs)).toEqual([signedOut, JSON.stringify({ userId: other })]);
  });

  it("leaves a mark in place of each of a user's sessions, for no longer than the session had left", async () => {
    const userId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000);
    const [long, brief, expired, theirs] = [unique('long'), unique('brief'), unique('expired'), unique('t')];
    const index = { id: userId, indexMs: 120_000 };
    await sessions.set(long, JSON.stringify({ userId }), 60_000, index);
    await sessions.set(brief, JSON.stringify({ userId }), 1_500, index);
    await sessions.set(expired, JSON.stringify({ userId }), 1, index);
    await sessions.set(theirs, JSON.stringify({ userId: userId + 1 }), 60_000, { ...index, id: userId + 1 });
    await expect.poll(async () => (await sessions.getMany([expired]))[0]).toBeNull();

    await sessions.endUser(userId, 'deletion');
    expect(await sessions.getMany([long, brief, expired, theirs])).toEqual([
      '{"endedBy":"deletion"}',
      '{"endedBy":"deletion"}',
      null,
      JSON.stringify({ userId: userId + 1 }),
    ]);
    // The marks are nobody's: ending the user's sessions again finds none.
    await sessions.endUser(userId, SIGNED_OUT);
    expect((await sessions.getMany([long]))[0]).toBe('{"endedBy":"deletion"}');
    await expect.poll(async () => (await sessions.getMany([brief]))[0], { timeout: 5_000 }).toBeNull();
    expect((await sessions.getMany([long]))[0]).toBe('{"endedBy":"deletion"}');
  });

  it('keeps an ended session ended when a request that read it before saves it again', async () => {
    const userId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000);
    const [renewed, other] = [unique('renewed'), unique('other')];
    const index = { id: userId, indexMs: 120_000 };
    await sessions.set(renewed, JSON.stringify({ userId }), 60_000, index);
    await sessions.endUser(userId, 'deletion');
    // The renewal of a request in flight during the deletion, or a save of its changes.
    await sessions.set(renewed, JSON.stringify({ userId, startedAt: 1 }), 60_000, index);
    await sessions.set(other, JSON.stringify({ userId }), 60_000, index);
    expect(await sessions.getMany([renewed, other])).toEqual([
      '{"endedBy":"deletion"}',
      JSON.stringify({ userId }),
    ]);
    // Only the session that was not ended is the user's: ending the user again ends that one alone.
    await sessions.endUser(userId, 'deletion');
    expect(await sessions.getMany([other])).toEqual(['{"endedBy":"deletion"}']);
    // A session of nobody that was never ended (a visitor's) is written as any other.
    const visitor = unique('visitor');
    await sessions.set(visitor, '{}', 60_000);
    await sessions.set(visitor, '{"isAdmin":true}', 60_000);
    expect(await sessions.getMany([visitor])).toEqual(['{"isAdmin":true}']);
  });
});

describe('the rate-limit counters', () => {
  it('let exactly the limit through when many attempts come at once, and say how long to wait', async () => {
    const limit = rateLimit(counters, {
      name: unique('burst'),
      limit: 10,
      windowSeconds: 900,
      message: 'Slow down',
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 60 }, () => limit.hit('10.0.0.1')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(refusals).toHaveLength(50);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(TooManyRequestsError);
      expect(refusal.message).toBe('Slow down');
      expect(refusal.retryAfterSeconds).toBeGreaterThan(890);
      expect(refusal.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
    await expect(limit.check('10.0.0.1')).rejects.toBeInstanceOf(TooManyRequestsError);
    // Each key has a count of its own.
    await expect(limit.check('10.0.0.2')).resolves.toBeUndefined();
    await limit.reset('10.0.0.1');
    await expect(limit.hit('10.0.0.1')).resolves.toBeUndefined();
  });

  it('start a new window once the last one has ended', async () => {
    const limit = rateLimit(counters, {
      name: unique('window'),
      limit: 2,
      windowSeconds: 1,
      message: 'Wait',
    });
    await limit.hit('Maya@Example.com');
    await limit.hit('maya@example.com');
    await expect(limit.hit('MAYA@example.com')).rejects.toBeInstanceOf(TooManyRequestsError);
    // A refused hit counts nowhere, so asking again until the window has ended is harmless.
    await expect
      .poll(
        () =>
          limit.hit('maya@example.com').then(
            () => 'let through',
            (error: Error) => error.message,
          ),
        {
          timeout: 3_000,
        },
      )
      .toBe('let through');
  });

  it('take an attempt from every budget or from none, and give it back', async () => {
    const budgets = attemptBudgets(counters, [
      { name: unique('ip'), limit: 5, windowSeconds: 900, message: 'address spent' },
      { name: unique('account'), limit: 3, windowSeconds: 900, message: 'account spent' },
    ]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => budgets.take(['10.1.1.1', 'maya'])),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    await expect(budgets.take(['10.1.1.1', 'maya'])).rejects.toThrow('account spent');
    // The refused attempts counted nowhere: the address has 2 of its 5 left for another account.
    await budgets.take(['10.1.1.1', 'noah']);
    await budgets.take(['10.1.1.1', 'noah']);
    await expect(budgets.take(['10.1.1.1', 'noah'])).rejects.toThrow('address spent');
    await budgets.giveBack(['10.1.1.1', 'noah']);
    await expect(budgets.take(['10.1.1.1', 'noah'])).resolves.toBeUndefined();
    await budgets.clear(0, '10.1.1.1');
    await budgets.clear(1, 'maya');
    await expect(budgets.take(['10.1.1.1', 'maya'])).resolves.toBeUndefined();
  });
});

describe('the queue backend', () => {
  it('accepts a job once stored, keeps one job per id, and keeps a failed job visible and retryable', async () => {
    const backend = createQueueBackend(deps.config, unique('backend'), { failFast: false });
    await backend.ready();
    const queue = backend.queue<{ n: number }>('checks', {
      defaultJobOptions: { attempts: 1, removeOnFail: false },
    });
    let failing = true;
    const worker = backend.worker<{ n: number }, number>(
      'checks',
      async (job) => {
        if (failing) throw new Error('not yet');
        return job.data.n * 2;
      },
      { concurrency: 1 },
    );
    try {
      const first = await queue.add('check', { n: 21 }, { jobId: 'order-1' });
      const again = await queue.add('check', { n: 21 }, { jobId: 'order-1' });
      expect(again.id).toBe(first.id);
      await expect.poll(() => queue.getJobState('order-1'), { timeout: 10_000 }).toBe('failed');
      expect(await queue.getJobCounts('failed', 'waiting')).toEqual({ failed: 1, waiting: 0 });
      failing = false;
      await (await queue.getJob('order-1'))!.retry('failed');
      await expect.poll(() => queue.getJobState('order-1'), { timeout: 10_000 }).toBe('completed');
      expect((await queue.getJob('order-1'))!.returnvalue).toBe(42);
    } finally {
      await worker.close();
      await queue.close();
      await backend.obliterate();
      await backend.close();
    }
  });
});
