import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CounterStore } from '@sleep-ritual/platform/counter-store';
import { createTestDeps } from '@sleep-ritual/platform/testing';
import { SECRET_FAILURES_PER_ADDRESS, secretGuessLimit } from '../src/domain/receive-order.ts';

// The limit on the real counter store (Redis, or PostgreSQL with TEST_BACKEND=postgres), with the
// store's calls counted: an address known as the checkout's costs no store call per order for a minute.

const deps = createTestDeps();
afterAll(() => deps.close());
afterEach(() => vi.useRealTimers());

function countedStore(): { counters: CounterStore; peeks: () => number } {
  let peeks = 0;
  const store = deps.backends.counters;
  return {
    counters: {
      take: (windows) => store.take(windows),
      giveBack: (keys) => store.giveBack(keys),
      clear: (key) => store.clear(key),
      peek: (key) => {
        peeks += 1;
        return store.peek(key);
      },
    },
    peeks: () => peeks,
  };
}

/**
 * The seconds after a counted try pass: the address's note of recent tries (rate:webhook-secret-recent-try,
 * 5 s from the first try it counts) goes, as it would by then.
 */
const secondsPass = (address: string) =>
  deps.backends.counters.clear(`rate:webhook-secret-recent-try:${address}`);

const address = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}-${process.pid}-${Date.now()}`;

describe("the checkout's known address", () => {
  it('is not looked up in the store for a minute after it sent the right secret, then is again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { counters, peeks } = countedStore();
    const limit = secretGuessLimit(counters, deps.logger);
    const checkout = address();

    await limit.markProven(checkout, await limit.takeTry(checkout));
    const afterProof = peeks();
    for (let order = 0; order < 5; order += 1) {
      await limit.markProven(checkout, await limit.takeTry(checkout));
    }
    expect(peeks()).toBe(afterProof);

    vi.setSystemTime(Date.now() + 61_000);
    await limit.takeTry(checkout);
    expect(peeks()).toBe(afterProof + 1);
  });

  it("is another process's too: one that never saw the secret learns it from the store, once", async () => {
    const checkout = address();
    await secretGuessLimit(deps.backends.counters, deps.logger).markProven(checkout, false);

    const { counters, peeks } = countedStore();
    const other = secretGuessLimit(counters, deps.logger);
    for (let failure = 0; failure <= SECRET_FAILURES_PER_ADDRESS; failure += 1) {
      await other.takeTry(checkout);
    }
    await expect(other.takeTry(checkout)).resolves.toBe(false);
    expect(peeks()).toBe(1);
  });

  it('is never a guesser: an address that only sent wrong secrets is refused once past the limit', async () => {
    const guesser = address();
    const limit = secretGuessLimit(deps.backends.counters, deps.logger);
    const tries = Array.from({ length: SECRET_FAILURES_PER_ADDRESS + 1 }, () =>
      limit.takeTry(guesser).then(
        // Each guess is compared (wrong) and decided.
        (taken) => {
          limit.decided(guesser, taken);
          return 'counted';
        },
        (error: Error) => error.message,
      ),
    );
    expect((await Promise.all(tries)).filter((outcome) => outcome !== 'counted')).toHaveLength(1);
    await expect(limit.takeTry(guesser)).rejects.toThrow(/Too many wrong webhook secrets/);
  });
});

describe("the checkout's first burst over two receivers", () => {
  it('lets on the orders one receiver has no try left for, once the other proved the address', async () => {
    const checkout = address();
    const first = secretGuessLimit(deps.backends.counters, deps.logger);
    const { counters, peeks } = countedStore();
    const second = secretGuessLimit(counters, deps.logger);
    // The first receiver's orders take every try before any of their secrets is compared.
    const taken = await Promise.all(
      Array.from({ length: SECRET_FAILURES_PER_ADDRESS }, () => first.takeTry(checkout)),
    );
    expect(taken.every(Boolean)).toBe(true);

    // The second receiver has none left, and no try of its own to wait for: it found the address
    // unknown (a peek), was refused a try, saw a try counted just now (a second) and asks the store
    // again while it waits (a third).
    const late = second.takeTry(checkout);
    const settled = vi.fn();
    void late.then(settled, settled);
    await vi.waitFor(() => expect(peeks()).toBeGreaterThanOrEqual(3));
    expect(settled).not.toHaveBeenCalled();
    // The first receiver compares its first order's secret: right.
    await first.markProven(checkout, true);
    first.decided(checkout, true);

    await expect(late).resolves.toBe(false);
  });

  it('still refuses a guesser on the other receiver once the wait is over', async () => {
    const guesser = address();
    const first = secretGuessLimit(deps.backends.counters, deps.logger);
    const second = secretGuessLimit(deps.backends.counters, deps.logger);
    for (let guess = 0; guess < SECRET_FAILURES_PER_ADDRESS; guess += 1) {
      first.decided(guesser, await first.takeTry(guesser));
    }
    await expect(second.takeTry(guesser)).rejects.toThrow(/Too many wrong webhook secrets/);
  });
});

describe('a guesser refused later', () => {
  it('is refused at once, without waiting for a proof from another receiver', async () => {
    const guesser = address();
    const first = secretGuessLimit(deps.backends.counters, deps.logger);
    for (let guess = 0; guess < SECRET_FAILURES_PER_ADDRESS; guess += 1) {
      first.decided(guesser, await first.takeTry(guesser));
    }
    await secondsPass(guesser);
    const { counters, peeks } = countedStore();
    const second = secretGuessLimit(counters, deps.logger);
    await expect(second.takeTry(guesser)).rejects.toThrow(/Too many wrong webhook secrets/);
    // Whether the address is the checkout's, and whether a try was counted just now: no more.
    expect(peeks()).toBe(2);
  });
});

describe("the checkout's first burst from an address other shops' stale webhooks used", () => {
  it('is let on when its tries are the last ones of a window begun earlier', async () => {
    const checkout = address();
    const first = secretGuessLimit(deps.backends.counters, deps.logger);
    // Earlier in the window: wrong secrets from the same address, decided.
    for (let stale = 0; stale < SECRET_FAILURES_PER_ADDRESS - 3; stale += 1) {
      first.decided(checkout, await first.takeTry(checkout));
    }
    await secondsPass(checkout);
    // The burst: the first receiver takes the last three tries before comparing any secret.
    const taken = await Promise.all([1, 2, 3].map(() => first.takeTry(checkout)));
    expect(taken.every(Boolean)).toBe(true);

    const { counters, peeks } = countedStore();
    const second = secretGuessLimit(counters, deps.logger);
    const late = second.takeTry(checkout);
    await vi.waitFor(() => expect(peeks()).toBeGreaterThanOrEqual(3));
    await first.markProven(checkout, true);
    first.decided(checkout, true);
    await expect(late).resolves.toBe(false);
  });
});
