import type { AdminAuditAction, AuditLog, AuditLogQuery } from '@sleep-ritual/contracts/admin-members';
import type { Knex } from '@sleep-ritual/platform/db';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { insertAuditRow, listAuditRows, type AuditActor } from '../data/admin-audit-log.ts';

/** The audit log, newest first, filtered by member and action. */
export async function listAuditLog({ db }: Pick<ServiceDeps, 'db'>, query: AuditLogQuery): Promise<AuditLog> {
  const { rows, total } = await listAuditRows(db, query);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An admin write that answered 2xx and wrote no audit row of its own: what the router saw of it. */
export type AdminChange = { method: string; route: string; path: string; answer: unknown };

/**
 * Records an admin change the call did not record itself (the content tree, product mappings, uploads,
 * "Check now"): what was done (named from its route and method), where, and the row's id and title
 * when the answer carries them.
 */
export async function auditContentChange(
  db: Knex,
  actor: AuditActor,
  { method, route, path, answer }: AdminChange,
): Promise<void> {
  const fields = (answer ?? {}) as Record<string, unknown>;
  const details: Record<string, unknown> = { method, path };
  for (const key of ['id', 'title', 'url', 'isUnlocked']) {
    if (['string', 'number', 'boolean'].includes(typeof fields[key])) details[key] = fields[key];
  }
  await insertAuditRow(db, actor, { action: changeAction(method, route), memberId: null, details });
}

function changeAction(method: string, route: string): AdminAuditAction {
  if (route.startsWith('/api/admin/product-mappings')) {
    return method === 'DELETE' ? 'delete-product-mapping' : 'save-product-mapping';
  }
  if (route.startsWith('/api/admin/media')) return 'upload-media';
  if (route === '/api/admin/orders/reconciliation') return 'check-reconciliation';
  if (route.endsWith('/reorder')) return 'reorder-content';
  if (route.endsWith('/lock')) return 'lock-content';
  if (route.endsWith('/restore')) return 'restore-content';
  if (method === 'DELETE') return 'delete-content';
  return method === 'POST' ? 'create-content' : 'update-content';
}
