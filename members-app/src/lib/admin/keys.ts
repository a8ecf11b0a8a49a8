import type { OrderStatus } from '@sleep-ritual/contracts/admin-members';

/** One key family per kind of admin data: all → lists → list(parent) → details → detail(id). */
function family<Kind extends string>(kind: Kind) {
  const all = ['admin', kind] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (parentId?: number) => [...all, 'list', parentId ?? 'all'] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

export type AdminFamily = ReturnType<typeof family>;

/** A family whose lists are narrowed by filters (a search, a page, a status) rather than by a parent. */
function filtered<Kind extends string, Filters>(kind: Kind) {
  const keys = family(kind);
  return { ...keys, list: (filters: Filters) => [...keys.all, 'list', filters] as const };
}

export type MemberFilters = { q?: string; page: number };
export type OrderFilters = { status?: OrderStatus; page: number };
export type AuditFilters = { memberId?: number; page: number };

export const adminKeys = {
  all: ['admin'] as const,
  programs: family('programs'),
  phases: family('phases'),
  paths: family('paths'),
  /** GET /api/admin/paths/{id}: the path with its phase and programme, for breadcrumbs. */
  pathCrumbs: family('path-crumbs'),
  classes: family('classes'),
  /** GET /api/admin/classes/{id}/transcript, by class. */
  transcripts: family('transcripts'),
  productMappings: family('product-mappings'),
  /** GET /api/admin/deleted: the deletions an admin can undo. */
  deleted: family('deleted'),
  members: filtered<'members', MemberFilters>('members'),
  /** attention(): under the orders' key, so whatever refreshes the orders refreshes it too. */
  orders: {
    ...filtered<'orders', OrderFilters>('orders'),
    attention: () => ['admin', 'orders', 'attention'] as const,
    reconciliation: () => ['admin', 'orders', 'reconciliation'] as const,
  },
  /** GET /api/admin/engagement?programId=: detail(0) is the first programme's, the server's default. */
  engagement: family('engagement'),
  auditLog: filtered<'audit-log', AuditFilters>('audit-log'),
  /** GET /api/admin/vimeo?url=: what Vimeo says of a video link, by the link. */
  vimeo: (url: string) => ['admin', 'vimeo', url] as const,
};
