import type { Knex } from 'knex';
import type { Logger } from '@sleep-ritual/platform/logger';
import { confirmEmailSends, SEND_LEASE_MS, type OwnClaim } from '../data/emails.ts';

/** How long confirmations gather before they are written together. */
const CONFIRM_EVERY_MS = 100;
/** After a write that failed (PostgreSQL away), the next try waits this long. */
const RETRY_AFTER_MS = 1_000;
/** A confirmation still unwritten this long before its claim's lease ends is given up. */
export const CONFIRM_MARGIN_MS = 30_000;

type Pending = OwnClaim & { until: number; log: Logger };

export type SendConfirmations = {
  /**
   * The message of this claim, made at `claimedAt` (a `performance.now()`), has left: it is confirmed
   * with the others of the next tick, tried again while PostgreSQL is away until CONFIRM_MARGIN_MS
   * before the claim's lease ends.
   */
  add(claim: OwnClaim, claimedAt: number, log: Logger): void;
  /**
   * For the worker's close: writes what waits, once, after the write under way; what is added later is
   * written at once, never retried.
   */
  settle(): Promise<void>;
};

/**
 * Marks sent the e-mails the worker's jobs sent, every `everyMs` (CONFIRM_EVERY_MS) in one statement,
 * off the jobs' path: a launch-night burst pays one statement a tick rather than one per e-mail, and no
 * job waits for it. A job completes before its confirmation is written; a run of it meanwhile (its
 * completion lost) finds the claim within its lease and waits for the lease's end, by when the
 * confirmation is in. A confirmation given up (PostgreSQL away until the lease's end, or the process
 * stopped first) is logged: only a run of the job after the lease would send again.
 */
export function sendConfirmations(
  db: Knex,
  { everyMs = CONFIRM_EVERY_MS }: { everyMs?: number } = {},
): SendConfirmations {
  let waiting: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  /** Once the worker closes, nothing waits for a tick or a retry: what comes is written at once. */
  let settled = false;

  const schedule = (afterMs: number) => {
    if (settled) return void write(false);
    // The worker's close writes what waits (settle), so no timer keeps a closing process alive.
    timer ??= setTimeout(() => {
      timer = undefined;
      void write(true);
    }, afterMs).unref();
  };

  const write = (retry: boolean): Promise<void> => {
    if (writing) return writing.then(() => write(retry));
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return Promise.resolve();
    writing = confirmEmailSends(db, batch)
      .then((confirmed) => {
        batch.forEach((claim, index) => {
          if (!confirmed[index])
            claim.log.warn('e-mail sent after its claim was taken over: it may have been sent twice');
        });
      })
      .catch((error: Error) => {
        const now = performance.now();
        for (const claim of batch) {
          if (retry && claim.until > now + RETRY_AFTER_MS) waiting.push(claim);
          else claim.log.error({ err: error.message }, 'e-mail sent, and its record could not be confirmed');
        }
        if (waiting.length > 0 && !settled) schedule(RETRY_AFTER_MS);
      })
      .finally(() => {
        writing = undefined;
      });
    return writing;
  };

  return {
    add(claim, claimedAt, log) {
      waiting.push({ ...claim, until: claimedAt + SEND_LEASE_MS - CONFIRM_MARGIN_MS, log });
      schedule(everyMs);
    },
    async settle() {
      settled = true;
      clearTimeout(timer);
      timer = undefined;
      while (writing || waiting.length > 0) await write(false);
    },
  };
}
