import { ServiceUnavailableError } from './errors.ts';

export type BatcherOptions<I> = {
  /** Batches running at once; calls made meanwhile wait and go together in the next batch. */
  maxInFlight: number;
  maxBatchSize: number;
  /**
   * Calls with the same key never share a batch (two upserts of one row cannot be one statement), nor
   * run while a batch holding that key is in flight: calls on one key run one after another, in order.
   */
  keyOf?: (item: I) => string;
  /**
   * With keyOf: calls with the same key may share a batch (in call order), for a `run` that merges them
   * into one write; they still never run while a batch holding that key is in flight.
   */
  sameKeyTogether?: boolean;
  /**
   * A call not yet in a batch after this long fails with a 503, as a query does that waits this long
   * for a pool connection (knex's acquireConnectionTimeout, which is this default).
   */
  maxWaitMs?: number;
};

type Waiting<I, R> = {
  item: I;
  since: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
};

/**
 * Coalesces the same query of concurrent requests into one statement: each call waits at most until
 * the end of the current turn of the event loop, or until a batch in flight finishes when
 * `maxInFlight` are running, and then goes with every other call waiting by then. `run` gets the items
 * in call order and answers one result per item, in the same order. A batch that fails fails each of
 * its calls with that error. An idle service pays one event-loop turn; a busy one pays one round trip
 * to the database per batch instead of one per request.
 */
export function createBatcher<I, R>(
  run: (items: I[]) => Promise<R[]>,
  options: BatcherOptions<I>,
): (item: I) => Promise<R> {
  const { maxInFlight, maxBatchSize, keyOf, sameKeyTogether = false, maxWaitMs = 10_000 } = options;
  let waiting: Waiting<I, R>[] = [];
  let inFlight = 0;
  let scheduled = false;
  const keysInFlight = new Set<string>();
  let expiry: NodeJS.Timeout | undefined;

  const schedule = () => {
    // The first waiting call is the one that has waited longest.
    const [oldest] = waiting;
    if (!oldest) return;
    if (!expiry) {
      expiry = setTimeout(expire, Math.max(0, maxWaitMs - (performance.now() - oldest.since)));
      expiry.unref();
    }
    if (scheduled || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  function expire() {
    expiry = undefined;
    const now = performance.now();
    const expired = waiting.filter((entry) => now - entry.since >= maxWaitMs);
    if (expired.length > 0) {
      waiting = waiting.filter((entry) => now - entry.since < maxWaitMs);
      for (const entry of expired) entry.reject(new ServiceUnavailableError());
    }
    schedule();
  }

  const take = (): Waiting<I, R>[] => {
    if (!keyOf) return waiting.splice(0, maxBatchSize);
    const batch: Waiting<I, R>[] = [];
    const later: Waiting<I, R>[] = [];
    const taken = new Set<string>();
    for (const entry of waiting) {
      const key = keyOf(entry.item);
      if (batch.length < maxBatchSize && (sameKeyTogether || !taken.has(key)) && !keysInFlight.has(key)) {
        taken.add(key);
        batch.push(entry);
      } else {
        later.push(entry);
      }
    }
    waiting = later;
    return batch;
  };

  const start = (batch: Waiting<I, R>[]) => {
    inFlight += 1;
    const keys = keyOf ? [...new Set(batch.map((entry) => keyOf(entry.item)))] : [];
    for (const key of keys) keysInFlight.add(key);
    Promise.resolve()
      .then(() => run(batch.map((entry) => entry.item)))
      .then(
        (results) => {
          // `run` answers one result per item, in order.
          const answers = results.values();
          for (const entry of batch) {
            const answer = answers.next();
            if (answer.done) entry.reject(new Error('The batch gave fewer results than items'));
            else entry.resolve(answer.value);
          }
        },
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        for (const key of keys) keysInFlight.delete(key);
        inFlight -= 1;
        schedule();
      });
  };

  function flush() {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = take();
      // Everything still waiting has its key in flight: the batch holding it reschedules when done.
      if (batch.length === 0) return;
      start(batch);
    }
  }

  return (item: I) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, since: performance.now(), resolve, reject });
      schedule();
    });
}

/**
 * createBatcher for a `run` that needs an object, such as the database handle: one batcher per object,
 * made on its first call, so calls on the same handle share batches and a caller needs nothing more
 * than the handle it already passes.
 */
export function batcherPer<O extends object, I, R>(
  run: (owner: O, items: I[]) => Promise<R[]>,
  options: BatcherOptions<I>,
): (owner: O, item: I) => Promise<R> {
  const batchers = new WeakMap<O, (item: I) => Promise<R>>();
  return (owner, item) => {
    let batched = batchers.get(owner);
    if (!batched) {
      batched = createBatcher((items: I[]) => run(owner, items), options);
      batchers.set(owner, batched);
    }
    return batched(item);
  };
}
