import type { CounterStore } from '@sleep-ritual/platform/counter-store';
import { attemptBudgets, rateLimit, type RateLimit } from '@sleep-ritual/platform/rate-limit';
import { addressDigest } from '../data/deleted-accounts.ts';

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

const signInMessage = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

/**
 * A way in's three budgets, in signInBudgetKeys' order: per address in 15 minutes, per account and
 * address (10 in 15 minutes: a stranger cannot lock the owner out from elsewhere), and per account in an
 * hour, from addresses the member never signed in from.
 */
function signInBudgets(
  counters: CounterStore,
  name: string,
  limits: { perAddress: number; perAccount: number },
) {
  return attemptBudgets(counters, [
    { name: `${name}-ip`, limit: limits.perAddress, windowSeconds: FIFTEEN_MINUTES, message: signInMessage },
    { name: `${name}-account-ip`, limit: 10, windowSeconds: FIFTEEN_MINUTES, message: signInMessage },
    {
      name: `${name}-account`,
      limit: limits.perAccount,
      windowSeconds: HOUR,
      message: 'Too many sign-in attempts for this account. Please wait an hour and try again.',
    },
  ]);
}

/**
 * An account as the counters name it: a keyed digest of its address (ACCOUNT_HASH_SECRET), never the
 * address, so that the counters keep no member's address, neither while they count nor after the
 * account is deleted (docs/member-rights.md).
 */
const accountCounterKey = (secret: string, email: string): string =>
  addressDigest(secret, 'counters', email).slice(0, 32);

/** A limit per account: counted under the account's digest (accountCounterKey), given its address. */
function perAccount(limit: RateLimit, accountKey: (email: string) => string): RateLimit {
  return {
    hit: (email) => limit.hit(accountKey(email)),
    check: (email) => limit.check(accountKey(email)),
    reset: (email) => limit.reset(accountKey(email)),
  };
}

/** The sizes of every limit of this service, in one place; `accountHashSecret` keys accounts' digests. */
export function createLimits(counters: CounterStore, accountHashSecret: string) {
  const accountKey = (email: string) => accountCounterKey(accountHashSecret, email);
  return {
    accountKey,
    /**
     * Sign-in attempts, taken before the password is checked (see signInBudgetKeys for the keys): per
     * address, per account and address (so a stranger cannot lock the owner out from elsewhere), and a
     * slower ceiling per account against guessing spread over many addresses, which does not apply
     * where the member signed in before (knownAddresses): a stranger who spends it shuts out only
     * addresses the member never used. Addresses are limitAddress's (an IPv6 /64).
     */
    signInAttempts: signInBudgets(counters, 'login', { perAddress: 100, perAccount: 100 }),
    knownAddresses: knownAddresses(counters, accountKey),
    /** Admin passwords, taken before the password is compared: 10 tries per address (limitAddress's). */
    adminPasswordAttempts: attemptBudgets(counters, [
      {
        name: 'admin-ip',
        limit: 10,
        windowSeconds: FIFTEEN_MINUTES,
        message: 'Too many wrong admin passwords. Please wait 15 minutes and try again.',
      },
    ]),
    resetRequestsPerEmail: perAccount(
      rateLimit(counters, {
        name: 'forgot-email',
        limit: 5,
        windowSeconds: HOUR,
        message: 'Too many reset requests for this email. Please wait an hour and try again.',
      }),
      accountKey,
    ),
    resetRequestsPerIp: rateLimit(counters, {
      name: 'forgot-ip',
      limit: 20,
      windowSeconds: HOUR,
      message: 'Too many reset requests. Please wait an hour and try again.',
    }),
    resetAttemptsPerIp: rateLimit(counters, {
      name: 'reset-ip',
      limit: 20,
      windowSeconds: HOUR,
      message: 'Too many password reset attempts. Please wait an hour and try again.',
    }),
    resetLinkChecksPerIp: rateLimit(counters, {
      name: 'reset-check-ip',
      limit: 60,
      windowSeconds: HOUR,
      message: 'Too many requests. Please wait an hour and try again.',
    }),
    // The sign-in link has the same limits as forgot-password, under its own names.
    signInLinkRequestsPerEmail: perAccount(
      rateLimit(counters, {
        name: 'sign-in-link-email',
        limit: 5,
        windowSeconds: HOUR,
        message: 'Too many sign-in link requests for this email. Please wait an hour and try again.',
      }),
      accountKey,
    ),
    signInLinkRequestsPerIp: rateLimit(counters, {
      name: 'sign-in-link-ip',
      limit: 20,
      windowSeconds: HOUR,
      message: 'Too many sign-in link requests. Please wait an hour and try again.',
    }),
    signInLinkUsesPerIp: rateLimit(counters, {
      name: 'sign-in-link-use-ip',
      limit: 20,
      windowSeconds: HOUR,
      message: 'Too many sign-in attempts. Please wait an hour and try again.',
    }),
    /**
     * Sign-in codes, taken before the code is compared, keyed as the password's attempts (signInBudgetKeys),
     * so a stranger's wrong codes spend only the stranger's budgets and never void the member's codes.
     * A code has only a million values: the account's ceiling is what bounds guessing spread over many
     * addresses (at most 30 an hour, against the few codes open at a time). A stranger who spends
     * it shuts out only addresses the member never signed in from, and only from codes: the link of the
     * same e-mail still works.
     */
    signInCodeAttempts: signInBudgets(counters, 'sign-in-code', { perAddress: 30, perAccount: 30 }),
    accountDeletionAttemptsPerUser: rateLimit(counters, {
      name: 'delete-account-user',
      limit: 10,
      windowSeconds: HOUR,
      message: 'Too many attempts. Please wait an hour and try again.',
    }),
    accountExportsPerUser: rateLimit(counters, {
      name: 'export-account-user',
      limit: 20,
      windowSeconds: HOUR,
      message: 'Too many downloads. Please wait an hour and try again.',
    }),
    accountLookupsPerIp: rateLimit(counters, {
      name: 'create-account-ip',
      limit: 30,
      windowSeconds: 60,
      message: 'Too many requests. Please wait a minute and try again.',
    }),
  };
}
export type Limits = ReturnType<typeof createLimits>;
type AttemptBudgets = ReturnType<typeof attemptBudgets>;

/**
 * The keys of the sign-in budgets, in their order; the second is the one a success clears. From an
 * address the member signed in from before, the account's ceiling is left out.
 */
const signInBudgetKeys = (
  address: string,
  account: string,
  known: boolean,
): [string, string, string | null] => [address, `${account}|${address}`, known ? null : account];

const ACCOUNT_AND_ADDRESS_BUDGET = 1;

/**
 * Takes one sign-in attempt (a password or a code) from `budgets` before it is checked, in one atomic
 * step, so concurrent guesses cannot slip past: throws 429 when a budget is spent. Once the attempt
 * succeeded, `succeeded` gives it back (it was no guess), lets this address start afresh for the
 * account, and makes the address the member's own (the account's ceiling no longer shuts it out).
 */
export async function takeSignInAttempt(
  limits: Limits,
  budgets: AttemptBudgets,
  address: string,
  email: string,
): Promise<{ succeeded(): Promise<void> }> {
  const account = limits.accountKey(email);
  const keys = signInBudgetKeys(address, account, await limits.knownAddresses.has(email, address));
  await budgets.take(keys);
  return {
    async succeeded() {
      await budgets.giveBack(keys);
      await budgets.clear(ACCOUNT_AND_ADDRESS_BUDGET, keys[ACCOUNT_AND_ADDRESS_BUDGET]);
      await limits.knownAddresses.remember(email, address);
    },
  };
}

/** How long an address a member signed in from stays theirs for the account's ceiling. */
const KNOWN_FOR_SECONDS = 30 * 24 * HOUR;

/**
 * Addresses (limitAddress's) each account signed in from, for 30 days: under a digest of the account and
 * the address together, so the counter keeps neither.
 */
function knownAddresses(counters: CounterStore, accountKey: (email: string) => string) {
  const key = (email: string, address: string) => `rate:known-address:${accountKey(`${email}|${address}`)}`;
  return {
    async has(email: string, address: string): Promise<boolean> {
      return (await counters.peek(key(email, address))).count > 0;
    },
    async remember(email: string, address: string): Promise<void> {
      if (await this.has(email, address)) return;
      await counters.take([
        { key: key(email, address), limit: 2 ** 31 - 1, windowSeconds: KNOWN_FOR_SECONDS },
      ]);
    },
  };
}
