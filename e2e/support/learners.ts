import { expect, type Page } from '@playwright/test';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { e2eDb, provisionedBuyer } from './db.ts';

export const RITUAL_PATH = 'Six Nights to Deeper Sleep';

/** A buyer of one programme with a password, signed in on this page: nobody else's progress. */
export async function signedInBuyerOf(page: Page, programId: number): Promise<{ email: string }> {
  const buyer = await provisionedBuyer(programId);
  const password = 'quiet-nights-ahead';
  await e2eDb()('users')
    .where({ email: buyer.email })
    .update({ password: await hashPassword(password), emailVerified: true });
  expect((await page.request.post('/api/login', { data: { email: buyer.email, password } })).ok()).toBe(true);
  return { email: buyer.email };
}

/** The demo programme's path of six nights and its classes' ids, in order. */
export async function nights(): Promise<{ pathId: number; classIds: number[] }> {
  const path = await e2eDb()('paths').where({ title: RITUAL_PATH }).first('id');
  const classes = await e2eDb()('classes').where({ pathId: path.id }).orderBy('orderIndex').select('id');
  return { pathId: path.id as number, classIds: classes.map((row: { id: number }) => row.id) };
}
