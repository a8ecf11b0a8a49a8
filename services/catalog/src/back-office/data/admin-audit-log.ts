import type { AdminAuditAction, AuditLogQuery } from '@sleep-ritual/contracts/admin-members';
import type { Knex } from '@sleep-ritual/platform/db';

/** Who acted: a digest of the admin session's id, and the address the request came from. */
export type AuditActor = { adminSessionId: string; ip: string | null };

export type AuditRecord = {
  action: AdminAuditAction;
  memberId: number | null;
  details: Record<string, unknown>;
};

export type AuditRow = AuditRecord & {
  id: number;
  memberEmail: string | null;
  adminSessionId: string;
  ip: string | null;
  createdAt: Date;
};

/** Written with the change it records (pass the transaction), so there is never one without the other. */
export async function insertAuditRow(db: Knex, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db('admin_audit_log').insert({ ...record, details: JSON.stringify(record.details), ...actor });
}

export async function listAuditRows(
  db: Knex,
  query: AuditLogQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const filtered = () => {
    const builder = db('admin_audit_log as a');
    if (query.memberId !== undefined) builder.where('a.memberId', query.memberId);
    if (query.action !== undefined) builder.where('a.action', query.action);
    return builder;
  };
  const [rows, [count]] = await Promise.all([
    filtered()
      .leftJoin('users as u', (join) => join.on('u.id', 'a.memberId').andOnNull('u.deletedAt'))
      .orderBy('a.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .select(
        'a.id',
        'a.action',
        'a.memberId',
        'u.email as memberEmail',
        'a.details',
        'a.adminSessionId',
        'a.ip',
        'a.createdAt',
      ),
    filtered().count<{ total: string }[]>({ total: '*' }),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}
