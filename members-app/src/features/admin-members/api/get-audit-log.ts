import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, type AuditFilters } from '../../../lib/admin/keys.ts';
import { queryString } from '../../../lib/admin/query-string.ts';

/** GET /api/admin/audit-log: the admins' actions, newest first. */
export const getAuditLog = (filters: AuditFilters) =>
  api.get(auditLogSchema, `/api/admin/audit-log${queryString(filters)}`);

export const auditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: adminKeys.auditLog.list(filters),
    queryFn: () => getAuditLog(filters),
    staleTime: 0,
  });

export const useAuditLog = (filters: AuditFilters) => useQuery(auditLogQueryOptions(filters));
