import { createDb, type Knex } from '@sleep-ritual/platform/db';
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
