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

export const adminKeys = {
  all: ['admin'] as const,
  programs: family('programs'),
  phases: family('phases'),
  paths: family('paths'),
  /** GET /api/admin/paths/{id}: the path with its phase and programme, for breadcrumbs. */
  pathCrumbs: family('path-crumbs'),
  classes: family('classes'),
  productMappings: family('product-mappings'),
};
