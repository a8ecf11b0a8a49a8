import { createAccountUrl } from '@sleep-ritual/auth/tokens/account-links';
import { createDb, type Knex } from '@sleep-ritual/platform/db';
import { signedRedirectQuery } from '@sleep-ritual/thrivecart/redirect';
import { e2eEnv } from './env.ts';

let db: Knex | undefined;

/** The started system's database, for arranging data a test needs and checking what it left. */
export function e2eDb(): Knex {
  db ??= createDb(e2eEnv.DATABASE_URL, { min: 0, max: 2 });
  return db;
}

let counter = 0;
export function uniqueEmail(prefix = 'buyer'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@e2e.example`;
}

/** A buyer as the worker leaves them after a purchase: no password yet, one completed order. */
export async function provisionedBuyer(programId = 1): Promise<{ email: string; orderId: string }> {
  const email = uniqueEmail();
  const orderId = `E2E-${Date.now()}-${++counter}`;
  const [user] = await e2eDb()('users').insert({ email, username: email }).returning('id');
  await e2eDb()('purchases').insert({
    userId: user.id,
    programId,
    thriveOrderId: orderId,
    status: 'completed',
  });
  return { email, orderId };
}

/** The page ThriveCart sends the buyer to after checkout: /create-account with its signed order array. */
export function checkoutRedirectPath(buyer: { email: string; orderId: string }): string {
  const query = signedRedirectQuery(e2eEnv.THRIVECART_SECRET, {
    order_id: buyer.orderId,
    customer: { email: buyer.email },
    order: [{ t: 'product', id: '1', n: 'The 6-Night Sleep Meditation Ritual', p: '3700', q: '1' }],
    purchases: ['product-1'],
  });
  return `/create-account?${query}`;
}

/** The create-account link the worker mails to the buyer (path and query). */
export function mailedCreateAccountPath(buyer: { email: string; orderId: string }): string {
  const url = new URL(
    createAccountUrl(
      { sessionKeys: [e2eEnv.SESSION_KEYS], publicAppUrl: e2eEnv.PUBLIC_APP_URL },
      buyer.orderId,
      buyer.email,
    ),
  );
  return `${url.pathname}${url.search}`;
}

/**
 * A programme of its own with one path of nights (Night 1, Night 2, …), open to owners, the n-th
 * waiting `opensAfterDays[n]` days (0 when left out), so the demo programme stays as every other test
 * knows it. Soft-delete it when done.
 */
export async function nightsProgramme(titles: string[], opensAfterDays: number[] = []) {
  const db = e2eDb();
  const stamp = Date.now().toString(36);
  const [program] = await db('programs')
    .insert({ title: `Ritual ${stamp}`, orderIndex: 40 })
    .returning('id');
  const [phase] = await db('phases').insert({ programId: program.id, title: 'The Ritual' }).returning('id');
  const [path] = await db('paths')
    .insert({ phaseId: phase.id, title: `Night by Night ${stamp}`, isUnlocked: true })
    .returning('id');
  const nights = await db('classes')
    .insert(
      titles.map((title, index) => ({
        pathId: path.id,
        title,
        label: `Night ${index + 1}`,
        orderIndex: index,
        durationMinutes: 16,
        isUnlocked: true,
        opensAfterDays: opensAfterDays[index] ?? 0,
        vimeoVideoId: 'https://vimeo.com/76979871',
      })),
    )
    .returning('id');
  return {
    programId: program.id as number,
    phaseId: phase.id as number,
    pathId: path.id as number,
    nightIds: nights.map((row: { id: number }) => row.id),
  };
}
