import type { CounterStore } from '@sleep-ritual/platform/counter-store';
import { attemptBudgets, rateLimit } from '@sleep-ritual/platform/rate-limit';
import { addressDigest } from '../data/deleted-accounts.ts';

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

const signInMessage = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

/** How many times the strangers' ceilings the addresses the member signed in from share. */
const KNOWN_CEILING_FACTOR = 3;
/** A day ceiling that never binds, for a way in that has none. */
const NO_DAY_CEILING = 2 ** 31 - 1;

/**
 * A way in's budgets, in signInBudgetKeys' order: per address in 15 minutes, per account and address
 * (10 in 15 minutes: a stranger cannot lock the owner out from elsewhere), per account in an hour and
 * in a day from addresses the member never signed in from, and the same, three times as large, from
 * the addresses they did, together.
 */
function signInBudgets(
  counters: CounterStore,
  name: string,
  limits: { perAddress: number; perAccount: number; perAccountDaily?: number },
) {
  const ceilings = (suffix: string, factor: number) => [
    {
      name: `${name}-account${suffix}`,
      limit: limits.perAccount * factor,
      windowSeconds: HOUR,
      message: 'Too many sign-in attempts for this account. Please wait an hour and try again.',
    },
    {
      name: `${name}-account-day${suffix}`,
      limit: limits.perAccountDaily === undefined ? NO_DAY_CEILING : limits.perAccountDaily * factor,
      windowSeconds: DAY,
      message:
        'Too many sign-in attempts for this account today. Use the link in the e-mail, or try again tomorrow.',
    },
  ];
  return attemptBudgets(counters, [
    { name: `${name}-ip`, limit: limits.perAddress, windowSeconds: FIFTEEN_MINUTES, message: signInMessage },
    { name: `${name}-account-ip`, limit: 10, windowSeconds: FIFTEEN_MINUTES, message: signInMessage },
    ...ceilings('', 1),
    ...ceilings('-known', KNOWN_CEILING_FACTOR),
  ]);
}

/**
 * The requests for an e-mail to an account (a reset or sign-in link), taken before anything is looked
 * up, in mailRequestKeys' order: 5 an hour per account and address, so a stranger's requests spend only
 * the stranger's own and the member can ask again from where they are; and 20 an hour per account from
 * addresses the member never signed in from, which bounds what a stranger spread over many addresses
 * can send them. A stranger who spends that delays the e-mail, for an hour, only on networks the member
 * never signed in from.
 */
function mailRequestBudgets(counters: CounterStore, name: string, message: string) {
  return attemptBudgets(counters, [
    { name: `${name}-account-ip`, limit: 5, windowSeconds: HOUR, message },
    { name: `${name}-account`, limit: 20, windowSeconds: HOUR, message },
  ]);
}

/**
 * An account as the counters name it: a keyed digest of its address (ACCOUNT_HASH_SECRET), never the
 * address, so that the counters keep no member's address, neither while they count nor after the
 * account is deleted (docs/member-rights.md).
 */
const accountCounterKey = (secret: string, email: string): string =>
  addressDigest(secret, 'counters', email).slice(0, 32);

/** The sizes of every limit of this service, in one place; `accountHashSecret` keys accounts' digests. */
export function createLimits(counters: CounterStore, accountHashSecret: string) {
  const accountKey = (email: string) => accountCounterKey(accountHashSecret, email);
  return {
    accountKey,
    /**
     * Sign-in attempts, taken before the password is checked (see signInBudgetKeys for the keys): per
     * address, per account and address (so a stranger cannot lock the owner out from elsewhere), and a
     * slower ceiling per account against guessing spread over many addresses, counted apart for the
     * addresses the member signed in from before (knownAddresses): a stranger who spends it shuts out
     * only addresses the member never used. Addresses are limitAddress's (an IPv6 /64).
     */
    signInAttempts: signInBudgets(counters, 'login', { perAddress: 100, perAccount: 100 }),
    knownAddresses: knownAddresses(counters, accountKey),
    /**
     * Admin passwords, taken before the password is compared (see adminPasswordKeys): 10 tries per
     * address (limitAddress's) in 15 minutes, and 100 an hour from all the addresses no admin signed in
     * from before together, against guessing spread over many addresses; a stranger who spends that shuts
     * out only addresses no admin used.
     */
    adminPasswordAttempts: attemptBudgets(counters, [
      {
        name: 'admin-ip',
        limit: 10,
        windowSeconds: FIFTEEN_MINUTES,
        message: 'Too many wrong admin passwords. Please wait 15 minutes and try again.',
      },
      {
        name: 'admin-new-addresses',
        limit: 100,
        windowSeconds: HOUR,
        message: 'Too many wrong admin passwords. Please wait an hour and try again.',
      },
    ]),
    resetRequests: mailRequestBudgets(
      counters,
      'forgot-email',
      'Too many reset requests for this email. Please wait an hour and try again.',
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
    signInLinkRequests: mailRequestBudgets(
      counters,
      'sign-in-link-email',
      'Too many sign-in link requests for this email. Please wait an hour and try again.',
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
     * A code has only a million values and only the account's latest works: the account's ceilings are
     * what bound guessing spread over many addresses, 10 an hour and 30 a day (a chance in 33,000 a day
     * of hitting it). A stranger who spends them shuts out only addresses the member never signed in
     * from, and only from codes: the link of the same e-mail still works.
     */
    signInCodeAttempts: signInBudgets(counters, 'sign-in-code', {
      perAddress: 30,
      perAccount: 10,
      perAccountDaily: 30,
    }),
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
 * The keys of the sign-in budgets, in their order; the second is the one a success clears. The
 * account's ceilings count the addresses the member signed in from before apart from the others: a
 * stranger who spends the others' shuts out none of the member's addresses, and whoever once signed in
 * (a password since changed, a shared one) gets a bounded number of guesses at a code, however many
 * addresses they used. Someone on a network the member used (a shared mobile address) could spend the
 * larger ceiling too: code sign-in then waits, the link of the same e-mail and the password still work.
 */
const signInBudgetKeys = (address: string, account: string, known: boolean): (string | null)[] => [
  address,
  `${account}|${address}`,
  known ? null : account,
  known ? null : account,
  known ? account : null,
  known ? account : null,
];

const ACCOUNT_AND_ADDRESS_BUDGET = 1;

/**
 * Takes one sign-in attempt (a password or a code) from `budgets` before it is checked, in one atomic
 * step, so concurrent guesses cannot slip past: throws 429 when a budget is spent. Once the attempt
 * succeeded, `succeeded` gives it back (it was no guess), lets this address start afresh for the
 * account, and makes the address the member's own (the strangers' ceilings no longer shut it out).
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
      await budgets.clear(ACCOUNT_AND_ADDRESS_BUDGET, `${account}|${address}`);
      await limits.knownAddresses.remember(email, address);
    },
  };
}

/**
 * Takes one request for an e-mail to the account of `email` from `address` (see mailRequestBudgets):
 * throws 429 when a budget is spent. From an address the member signed in from, only the first counts.
 */
export async function takeMailRequest(
  limits: Limits,
  budgets: AttemptBudgets,
  address: string,
  email: string,
): Promise<void> {
  const account = limits.accountKey(email);
  const known = await limits.knownAddresses.has(email, address);
  await budgets.take([`${account}|${address}`, known ? null : account]);
}

/** Who the known addresses of the admin sign-in belong to (no member's address can be this). */
const ADMIN_ACCOUNT = '(admin)';

/**
 * Takes one try at the admin password from `address` before it is compared (adminPasswordAttempts);
 * `succeeded` gives it back and makes the address an admin's own for 30 days.
 */
export async function takeAdminPasswordAttempt(
  limits: Limits,
  address: string,
): Promise<{ succeeded(): Promise<void> }> {
  const known = await limits.knownAddresses.has(ADMIN_ACCOUNT, address);
  const keys = [address, known ? null : 'all'];
  await limits.adminPasswordAttempts.take(keys);
  return {
    async succeeded() {
      await limits.adminPasswordAttempts.giveBack(keys);
      await limits.knownAddresses.remember(ADMIN_ACCOUNT, address);
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
