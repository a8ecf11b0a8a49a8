import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Knex } from '@sleep-ritual/platform/db';
import {
  clientWithSession,
  createClient,
  createTestDeps,
  listen,
  uniqueEmail,
} from '@sleep-ritual/platform/testing';
import { startConsumers } from '@sleep-ritual/worker/consumers';
import { openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { createApp } from '../../src/app.ts';

type Client = ReturnType<typeof createClient>;
type AdminClient = Awaited<ReturnType<typeof clientWithSession>>;

/**
 * The catalog app with the worker's queues under a prefix of this file's own, an admin client, and
 * optionally the worker's consumers (purchases and e-mails, into a private outbox folder).
 */
export function backOfficeTestbed(label: string, options: { consumers?: boolean } = {}) {
  const deps = createTestDeps({
    QUEUE_PREFIX: uniqueQueuePrefix(label),
    OUTBOX_DIR: path.join(tmpdir(), `${label}-outbox-${randomUUID()}`),
  });
  const bed = {
    deps,
    url: '',
    admin: undefined as unknown as AdminClient,
    queues: undefined as unknown as Awaited<ReturnType<typeof openTestQueues>>,
  };
  let server: Awaited<ReturnType<typeof listen>>;
  let consumers: ReturnType<typeof startConsumers> | undefined;
  beforeAll(async () => {
    bed.queues = await openTestQueues(deps.config, deps.config.queuePrefix);
    if (options.consumers) consumers = startConsumers(deps);
    server = await listen(
      createApp({ ...deps, queues: { purchases: bed.queues.purchases, emails: bed.queues.emails } }),
    );
    bed.url = server.url;
    bed.admin = await clientWithSession(server.url, deps, { isAdmin: true });
  });
  afterAll(async () => {
    await server.close();
    await consumers?.close();
    await bed.queues.dispose();
    await rm(deps.config.outboxDir, { recursive: true, force: true });
    await deps.close();
  });
  return bed;
}

/** Sends a call and returns the status and the parsed JSON body (text for anything else). */
export async function call<T = any>(client: Client, method: string, path: string, json?: unknown) {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return {
    status: response.status,
    body: (text && isJson ? JSON.parse(text) : text || undefined) as T,
    headers: response.headers,
  };
}

/** A member as the worker creates one from a checkout (no password), or with the given fields. */
export async function createMember(
  db: Knex,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; email: string }> {
  const [row] = await db('users')
    .insert({ email: uniqueEmail('member'), firstName: 'Maya', lastName: 'Lindqvist', ...fields })
    .returning(['id', 'email']);
  return row;
}

/** A member's row as deleting the account leaves it (docs/member-rights.md): emptied, marked deleted. */
export async function markDeleted(db: Knex, memberId: number): Promise<void> {
  await db('users')
    .where({ id: memberId })
    .update({ email: `deleted-member-${memberId}@deleted.invalid`, firstName: null, deletedAt: new Date() });
}

export async function purchase(
  db: Knex,
  userId: number,
  programId: number,
  fields: { status?: string; orderId?: string; product?: string | null } = {},
): Promise<{ id: number; orderId: string }> {
  const orderId = fields.orderId ?? `T${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const [row] = await db('purchases')
    .insert({
      userId,
      programId,
      thriveOrderId: orderId,
      externalProductId: fields.product === undefined ? 'product-1' : fields.product,
      status: fields.status ?? 'completed',
    })
    .returning('id');
  return { id: row.id, orderId };
}

/** The audit rows about a member, oldest first. */
export function auditRowsOf(db: Knex, memberId: number) {
  return db('admin_audit_log').where({ memberId }).orderBy('id');
}

/** What the audit log stores for the admin session: a digest of its id, never the id. */
export const sessionDigest = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/** Calls every new admin endpoint must refuse without the admin session. */
export const ADMIN_BACK_OFFICE_CALLS: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/admin/members'],
  ['GET', '/api/admin/members/1'],
  ['PATCH', '/api/admin/members/1', { email: 'someone@example.com' }],
  ['POST', '/api/admin/members/1/grants', { programId: 1 }],
  ['DELETE', '/api/admin/members/1/grants/1'],
  ['POST', '/api/admin/members/1/resend-create-account'],
  ['POST', '/api/admin/members/1/password-reset'],
  ['GET', '/api/admin/orders'],
  ['POST', '/api/admin/orders/order.success-1-abc/retry'],
  ['GET', '/api/admin/engagement'],
  ['GET', '/api/admin/exports/members.csv'],
  ['GET', '/api/admin/exports/progress.csv'],
  ['GET', '/api/admin/audit-log'],
];
