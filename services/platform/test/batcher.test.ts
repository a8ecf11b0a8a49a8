import { describe, expect, it } from 'vitest';
import { batcherPer, createBatcher } from '../src/batcher.ts';

/** A batch function that records each batch it got and answers after `release()`. */
function recordingRun<I>(answer: (item: I) => unknown = (item) => item) {
  const batches: I[][] = [];
  const releases: (() => void)[] = [];
  const run = (items: I[]) => {
    batches.push(items);
    return new Promise<unknown[]>((resolve) => releases.push(() => resolve(items.map(answer))));
  };
  /** Lets waiting calls start, answers every batch started so far, and lets the answers arrive. */
  const releaseAll = async () => {
    await turn();
    while (releases.length > 0) releases.shift()!();
    await turn();
  };
  return { run, batches, releaseAll };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends calls made in the same turn as one batch, and answers each call with its own result', async () => {
    const { run, batches, releaseAll } = recordingRun<number>((item) => item * 10);
    const load = createBatcher(run, { maxInFlight: 2, maxBatchSize: 100 });
    const answers = Promise.all([load(1), load(2), load(3)]);
    await turn();
    await releaseAll();
    expect(await answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('while the most batches allowed are running, later calls wait and go together in the next batch', async () => {
    const { run, batches, releaseAll } = recordingRun<string>();
    const load = createBatcher(run, { maxInFlight: 1, maxBatchSize: 100 });
    const first = load('a');
    await turn();
    const later = [load('b'), load('c')];
    await turn();
    expect(batches).toEqual([['a']]);
    await releaseAll();
    await releaseAll();
    expect(await Promise.all([first, ...later])).toEqual(['a', 'b', 'c']);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('never puts more than maxBatchSize calls in one batch', async () => {
    const { run, batches, releaseAll } = recordingRun<number>();
    const load = createBatcher(run, { maxInFlight: 1, maxBatchSize: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(load));
    for (let round = 0; round < 4; round += 1) {
      await turn();
      await releaseAll();
    }
    expect(await answers).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('keeps calls with the same key in separate batches, in call order', async () => {
    const { run, batches, releaseAll } = recordingRun<{ key: string; n: number }>();
    const load = createBatcher(run, { maxInFlight: 1, maxBatchSize: 100, keyOf: (item) => item.key });
    const answers = Promise.all([
      load({ key: 'x', n: 1 }),
      load({ key: 'y', n: 2 }),
      load({ key: 'x', n: 3 }),
      load({ key: 'x', n: 4 }),
    ]);
    for (let round = 0; round < 4; round += 1) {
      await turn();
      await releaseAll();
    }
    await answers;
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1, 2], [3], [4]]);
  });

  it('with sameKeyTogether, puts the waiting calls of one key in one batch, in call order, after the one in flight', async () => {
    const { run, batches, releaseAll } = recordingRun<{ key: string; n: number }>();
    const load = createBatcher(run, {
      maxInFlight: 2,
      maxBatchSize: 100,
      keyOf: (item) => item.key,
      sameKeyTogether: true,
    });
    const first = load({ key: 'x', n: 1 });
    await turn();
    const later = [load({ key: 'x', n: 2 }), load({ key: 'y', n: 3 }), load({ key: 'x', n: 4 })];
    await turn();
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1], [3]]);
    await releaseAll();
    await releaseAll();
    await Promise.all([first, ...later]);
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1], [3], [2, 4]]);
  });

  it('holds a call back while a batch with its key is in flight, though other batches may start', async () => {
    const { run, batches, releaseAll } = recordingRun<{ key: string; n: number }>();
    const load = createBatcher(run, { maxInFlight: 3, maxBatchSize: 100, keyOf: (item) => item.key });
    const first = load({ key: 'x', n: 1 });
    await turn();
    const later = [load({ key: 'x', n: 2 }), load({ key: 'y', n: 3 })];
    await turn();
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1], [3]]);
    await releaseAll();
    await releaseAll();
    await Promise.all([first, ...later]);
    expect(batches.map((batch) => batch.map((item) => item.n))).toEqual([[1], [3], [2]]);
  });

  it('when a batch fails, each of its calls fails with that error, and later calls still run', async () => {
    let calls = 0;
    const load = createBatcher(
      async (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items;
      },
      { maxInFlight: 1, maxBatchSize: 100 },
    );
    const failed = [load(1), load(2)].map((answer) => answer.catch((error: Error) => error.message));
    expect(await Promise.all(failed)).toEqual(['connection lost', 'connection lost']);
    expect(await load(3)).toBe(3);
  });

  it('fails a call with a 503 when it could not join a batch within maxWaitMs, and later calls still run', async () => {
    const { run, batches, releaseAll } = recordingRun<number>();
    const load = createBatcher(run, { maxInFlight: 1, maxBatchSize: 100, maxWaitMs: 50 });
    const stuck = load(1);
    await turn();
    const waiting = load(2).catch((error: { status?: number; message: string }) => [
      error.status,
      error.message,
    ]);
    expect(await waiting).toEqual([503, 'The service is temporarily unavailable. Please try again shortly.']);
    await releaseAll();
    expect(await stuck).toBe(1);
    const later = load(3);
    await releaseAll();
    expect(await later).toBe(3);
    expect(batches).toEqual([[1], [3]]);
  });
});

describe('batcherPer', () => {
  it("batches each owner's calls of a turn together, never two owners' calls, and runs each batch with its owner", async () => {
    const batches: [string, number[]][] = [];
    const load = batcherPer(
      async (owner: { name: string }, items: number[]) => {
        batches.push([owner.name, items]);
        return items.map((item) => `${owner.name}:${item}`);
      },
      { maxInFlight: 1, maxBatchSize: 100 },
    );
    const first = { name: 'first' };
    const second = { name: 'second' };
    const answers = await Promise.all([load(first, 1), load(second, 2), load(first, 3)]);
    expect(answers).toEqual(['first:1', 'second:2', 'first:3']);
    expect(batches).toEqual([
      ['first', [1, 3]],
      ['second', [2]],
    ]);
  });
});
