import type { AuditLog, AuditLogQuery } from '@sleep-ritual/contracts/admin-members';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { listAuditRows } from '../data/admin-audit-log.ts';

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
