import { afterAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createDb } from '@sleep-ritual/platform/db';
import { createTestDeps, eventually, statementsDuring } from '@sleep-ritual/platform/testing';
import { claimEmailSend, SEND_LEASE_MS } from '../src/data/emails.ts';
import { CONFIRM_MARGIN_MS, sendConfirmations } from '../src/domain/send-confirmations.ts';

// The worker marks its e-mails sent together, off the jobs' path (see send-confirmations.ts).
const deps = createTestDeps();
afterAll(() => deps.close());

const lines: { level: number; msg: string; err?: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

async function claims(count: number) {
  const keys = Array.from(
    { length: count },
    (_, index) => `confirmations:${Date.now()}-${Math.floor(Math.random() * 1e9)}-${index}`,
  );
  return Promise.all(
    keys.map(async (jobKey) => {
      const claim = await claimEmailSend(deps.db, jobKey);
      if (claim.state !== 'claimed') throw new Error(`${jobKey} found ${claim.state}`);
      return { jobKey, claimId: claim.claimId };
    }),
  );
}

const sentAtOf = async (jobKeys: string[]) =>
  (await deps.db('email_sends').whereIn('jobKey', jobKeys).orderBy('jobKey').select('sentAt')).map(
    (row: { sentAt: Date | null }) => row.sentAt instanceof Date,
  );

describe("the worker's confirmations that e-mails left", () => {
  it('are written together, the sends of a tick in one statement', async () => {
    const confirmations = sendConfirmations(deps.db);
    const sent = await claims(3);
    const keys = sent.map((claim) => claim.jobKey);
    const { statements } = await statementsDuring(deps.db, async () => {
      for (const claim of sent) confirmations.add(claim, performance.now(), log);
      await eventually(async () => (await sentAtOf(keys)).every(Boolean), { what: 'the three marks' });
    });
    expect(statements.filter((sql) => sql.startsWith('update email_sends'))).toHaveLength(1);
  });

  it('are written at once when the worker closes (settle), and so is one added after', async () => {
    const confirmations = sendConfirmations(deps.db);
    const [claim] = await claims(1);
    confirmations.add(claim!, performance.now(), log);
    await confirmations.settle();
    expect(await sentAtOf([claim!.jobKey])).toEqual([true]);

    // A job that finishes while the worker closes: no tick waits for it.
    const [late] = await claims(1);
    confirmations.add(late!, performance.now(), log);
    await confirmations.settle();
    expect(await sentAtOf([late!.jobKey])).toEqual([true]);
  });

  it("are tried again while PostgreSQL is away, and given up, said in the log, before the claim's lease ends", async () => {
    const away = createDb('postgres://postgres@127.0.0.1:1/sleep_ritual_away', { min: 0, max: 1 });
    try {
      const confirmations = sendConfirmations(away);
      const [claim] = await claims(1);
      const before = lines.length;
      const added = performance.now();
      // Claimed so long ago that its confirmation may be tried for 1.5 s more before the lease ends.
      confirmations.add(claim!, added + 1_500 - (SEND_LEASE_MS - CONFIRM_MARGIN_MS), log);
      const given = await eventually(
        async () =>
          lines
            .slice(before)
            .find((line) => line.msg === 'e-mail sent, and its record could not be confirmed'),
        { what: 'the confirmation to be given up', timeoutMs: 10_000 },
      );
      expect(given.level).toBe(50);
      expect(given.err).toMatch(/ECONNREFUSED/);
      // Tried a tick after the send, then once more after the retry's second: given up no sooner.
      expect(performance.now() - added).toBeGreaterThanOrEqual(1_000);
      expect(await sentAtOf([claim!.jobKey])).toEqual([false]);
    } finally {
      await away.destroy();
    }
  });
});
