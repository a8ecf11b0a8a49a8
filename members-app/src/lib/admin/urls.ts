import { QUEUE_VIEW_PATH } from '@sleep-ritual/contracts/admin-members';

/** The admin screens' addresses (spec 001 §2). */
export type Ids = { programId: number; phaseId: number; pathId: number };

const program = (programId: number) => `/admin/programs/${programId}`;
const phase = (ids: Pick<Ids, 'programId' | 'phaseId'>) => `${program(ids.programId)}/phases/${ids.phaseId}`;
const path = (ids: Ids) => `${phase(ids)}/paths/${ids.pathId}`;

export const adminUrls = {
  programs: () => '/admin/programs',
  createProgram: () => '/admin/programs/create',
  program,
  editProgram: (programId: number) => `${program(programId)}/edit`,
  phases: (programId: number) => `${program(programId)}/phases`,
  phase,
  paths: (ids: Pick<Ids, 'programId' | 'phaseId'>) => `${phase(ids)}/paths`,
  path,
  classes: (ids: Ids) => `${path(ids)}/classes`,
  products: () => '/admin/products',
  members: () => '/admin/members',
  member: (memberId: number) => `/admin/members/${memberId}`,
  orders: () => '/admin/orders',
  engagement: () => '/admin/engagement',
  deleted: () => '/admin/deleted',
};

/** The CSV downloads: plain same-origin links, so the browser sends the admin session cookie with them. */
export const exportUrls = {
  members: '/api/admin/exports/members.csv',
  progress: '/api/admin/exports/progress.csv',
};

/** The queue view (bull-board over the purchases and emails queues): a page of the catalog service. */
export const queueViewUrl = QUEUE_VIEW_PATH;

export type Crumb = { label: string; to: string };

/**
 * The breadcrumb down to `depth` crumbs: Programs / programme / Phases / phase / Paths / path /
 * Classes. A title not known (yet) shows as Program, Phase or Path (§2).
 */
export function trail(
  ids: Partial<Ids> & { programId: number },
  titles: { program?: string; phase?: string; path?: string },
  depth: number,
): Crumb[] {
  const { programId, phaseId = 0, pathId = 0 } = ids;
  const all: Crumb[] = [
    { label: 'Programs', to: adminUrls.programs() },
    { label: titles.program ?? 'Program', to: adminUrls.program(programId) },
    { label: 'Phases', to: adminUrls.phases(programId) },
    { label: titles.phase ?? 'Phase', to: adminUrls.phase({ programId, phaseId }) },
    { label: 'Paths', to: adminUrls.paths({ programId, phaseId }) },
    { label: titles.path ?? 'Path', to: adminUrls.path({ programId, phaseId, pathId }) },
    { label: 'Classes', to: adminUrls.classes({ programId, phaseId, pathId }) },
  ];
  return all.slice(0, depth);
}
