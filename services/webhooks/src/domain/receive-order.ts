import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PurchaseEvent } from '@sleep-ritual/thrivecart/webhook';
import type { PurchaseJob } from '@sleep-ritual/jobs/purchases';
import { recordIgnoredTestOrder } from '@sleep-ritual/catalog/ignored-test-orders';
import type { JobOrigin } from '@sleep-ritual/jobs/producer';
import { TooManyRequestsError } from '@sleep-ritual/platform/errors';
import type { Logger } from '@sleep-ritual/platform/logger';
import { attemptBudgets } from '@sleep-ritual/platform/rate-limit';
import type { CounterStore } from '@sleep-ritual/platform/counter-store';
import type { WebhookDeps } from '../deps.ts';

/**
 * The receiver's rules: whether a post comes from the checkout (its secret, and how fast a sender may
 * guess it), and what is done with a verified order (queued for the worker, or an ignored test order).
 */

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * A check of the posted `thrivecart_secret` against ours, in constant time. Both sides are hashed first,
 * so neither the comparison time nor an early length check tells a caller anything about the secret;
 * ours is hashed once, when the receiver starts, not on every request.
 */
export function webhookSecretCheck(expected: string): (given: unknown) => boolean {
  const expectedDigest = digest(expected);
  return (given) =>
    typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), expectedDigest);
}

/** Wrong secrets one address may send in a window before it is answered 429. */
export const SECRET_FAILURES_PER_ADDRESS = 10;
const WINDOW_SECONDS = 15 * 60;
/** How long an address that sent the right secret stays known as the checkout's own. */
const PROVEN_SECONDS = 30 * 24 * 60 * 60;
/** How long a receiver remembers, without asking the store, an address it saw known. */
const PROVEN_REMEMBERED_MS = 60_000;
/**
 * The pauses (about 1.6 s in all) a post past the limit waits, asking the store after each, for another
 * receiver to prove its address: the last tries of a burst's first orders may all be another replica's.
 * Only while the address's note of recent tries stands: every counted try also counts in it, in the same
 * step, and it lasts RECENT_TRY_SECONDS from the first of them. A refused post counts in neither, so a
 * guesser refused once the note is gone is refused at once.
 */
const PROOF_WAITS_MS = [25, 50, 100, 200, 400, 800];
const RECENT_TRY_SECONDS = 5;
/** The note's place among the limit's budgets. */
const RECENT_TRIES = 1;

/**
 * Slows down guessing of the webhook secret. Every post takes one try from its sender's address before
 * its secret is compared, in one atomic step (so concurrent guesses never pass more often than the limit
 * allows), and the right secret gives its try back: only wrong or missing secrets stay counted. An
 * address without tries left is answered 429 before its secret is looked at, right or wrong, until the
 * window passes: a guesser learns nothing from the answer, nor from what follows it (a right secret's
 * order is logged, not queued: see thrivecartRoutes). Before it is
 * refused, such a post waits for the tries this receiver took and has not decided yet, then, while tries
 * of the address were counted in the last seconds, a moment for those another receiver took: the first
 * orders of the checkout's first burst, spread over replicas, use up the tries before the first of them
 * is compared.
 *
 * The checkout's own address is never slowed: an address that sent the right secret is known as the
 * checkout's for 30 days, and nothing it sends counts or is refused. Only someone holding the secret
 * can make an address known, so a guesser cannot use this; and ThriveCart, whose addresses also carry
 * other shops' webhooks (a stale URL, an old secret after a change), never has its orders held up.
 * A store that does not answer slows nobody: the request goes on to the secret (and to the queue,
 * which answers 503 if the store is down).
 */
export function secretGuessLimit(counters: CounterStore, logger: Logger) {
  const tries = attemptBudgets(counters, [
    {
      name: 'webhook-secret-ip',
      limit: SECRET_FAILURES_PER_ADDRESS,
      windowSeconds: WINDOW_SECONDS,
      message: `Too many wrong webhook secrets from this address. Please wait ${WINDOW_SECONDS / 60} minutes and try again.`,
    },
    // The note of recent tries (see PROOF_WAITS_MS): never full, counted with every try.
    { name: 'webhook-secret-recent-try', limit: 2 ** 31 - 1, windowSeconds: RECENT_TRY_SECONDS, message: '' },
  ]);
  const provenKey = (address: string) => `rate:webhook-secret-proven:${address}`;
  const storeError = (what: string) => (error: unknown) => {
    if (error instanceof TooManyRequestsError) throw error;
    logger.warn({ err: (error as Error).message }, `webhook secret limit: ${what} (store error)`);
  };
  // A known address stays known for 30 days, so this process may remember it for a minute: in a burst
  // from the checkout, no order waits on the store for something it already knows.
  const knownUntil = new Map<string, number>();
  const isProven = async (address: string) => {
    if ((knownUntil.get(address) ?? 0) > Date.now()) return true;
    const proven = await counters.peek(provenKey(address)).then(
      ({ count }) => count > 0,
      () => false,
    );
    if (proven) knownUntil.set(address, Date.now() + PROVEN_REMEMBERED_MS);
    return proven;
  };
  // A post past the limit waits a moment for a proof from another receiver; the posts of one address
  // share one wait, so a flood of guesses costs the store a handful of reads, not a handful each.
  const proofWaits = new Map<string, Promise<boolean>>();
  const provenSoon = (address: string): Promise<boolean> => {
    let waiting = proofWaits.get(address);
    if (!waiting) {
      // Each look comes after a pause: the caller has just found the address unproven.
      waiting = (async () => {
        for (const pause of PROOF_WAITS_MS) {
          await sleep(pause);
          if (await isProven(address)) return true;
        }
        return false;
      })().finally(() => proofWaits.delete(address));
      proofWaits.set(address, waiting);
    }
    return waiting;
  };
  // This process's tries taken and not yet decided (the secret compared, the address proven or not),
  // per address, with whoever waits for them.
  const undecided = new Map<string, { count: number; waiters: (() => void)[] }>();
  const allDecided = (address: string) =>
    new Promise<void>((resolve) => {
      const entry = undecided.get(address);
      if (entry) entry.waiters.push(resolve);
      else resolve();
    });

  return {
    /**
     * Takes one try from the address, before its secret is compared (never from the checkout's own):
     * whether one was taken, for markProven. Throws 429, counting nothing, once the address has none left.
     */
    async takeTry(address: string): Promise<boolean> {
      if (await isProven(address)) return false;
      try {
        await tries.take([address, address]);
      } catch (error) {
        // The first orders of a burst from the checkout take tries until the first of them is compared,
        // in this process or in another receiver: once this process's tries of the address are decided,
        // or another receiver's soon after, a right secret among them lets it on.
        if (error instanceof TooManyRequestsError) {
          if (undecided.has(address)) {
            await allDecided(address);
            if (await isProven(address)) return false;
          }
          const recent = await tries.count(RECENT_TRIES, address).then(
            (count) => count > 0,
            () => false,
          );
          if (recent && (await provenSoon(address))) return false;
        }
        storeError('try not counted')(error);
        return false;
      }
      const entry = undecided.get(address) ?? { count: 0, waiters: [] };
      entry.count += 1;
      undecided.set(address, entry);
      return true;
    },
    /** A try `taken` by takeTry was decided: its secret compared, and the address proven if it was right. */
    decided(address: string, taken: boolean): void {
      const entry = undecided.get(address);
      if (!taken || !entry) return;
      entry.count -= 1;
      if (entry.count > 0) return;
      undecided.delete(address);
      for (const resolve of entry.waiters) resolve();
    },
    /**
     * The address sent the right secret: the try it took (`taken`) is given back, even when another
     * order proved the address meanwhile, and it is the checkout's own from now on.
     */
    async markProven(address: string, taken: boolean): Promise<void> {
      if (taken) await tries.giveBack([address, null]).catch(storeError('try not given back'));
      if (await isProven(address)) return;
      const remembered = await counters
        .take([{ key: provenKey(address), limit: 2 ** 31 - 1, windowSeconds: PROVEN_SECONDS }])
        .then(() => true, storeError('address not remembered'));
      if (remembered) knownUntil.set(address, Date.now() + PROVEN_REMEMBERED_MS);
    },
  };
}

/**
 * Hands a verified purchase event to the worker through `enqueue` (purchaseEnqueuer): the job id once
 * the queue store holds it, or undefined for a test-mode order while ACCEPT_TEST_ORDERS is false. The
 * worker provisions access: the only database write here is the note of an ignored test order, for the
 * back office's Orders screen, so a merchant testing the live site sees why nothing happened (a test
 * order, not a paid one on the hot path of a burst).
 */
export async function queuePurchase(
  deps: WebhookDeps,
  enqueue: (job: PurchaseJob) => Promise<string>,
  purchase: PurchaseEvent,
  origin: JobOrigin = {},
): Promise<string | undefined> {
  if (purchase.test && !deps.config.acceptTestOrders) {
    await recordIgnoredTestOrder(deps.db, deps.config.queuePrefix, {
      orderId: purchase.orderId,
      email: purchase.customer?.email ?? null,
      event: purchase.event,
      receivedAt: new Date().toISOString(),
    }).catch((error: Error) => deps.logger.warn({ err: error.message }, 'ignored test order not recorded'));
    return undefined;
  }
  return enqueue({ ...purchase, ...origin });
}
