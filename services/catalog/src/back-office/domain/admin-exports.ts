import type { Readable } from 'node:stream';
import { MEMBERS_CSV_COLUMNS, PROGRESS_CSV_COLUMNS } from '@sleep-ritual/contracts/admin-members';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { insertAuditRow, type AuditActor } from '../data/admin-audit-log.ts';
import { memberExportBatches, progressExportBatches } from '../data/admin-members-export.ts';
import { csvStream } from './admin-members-csv.ts';

type Deps = Pick<ServiceDeps, 'db'>;

// Personal data leaving the system: each download is recorded like an action, before it starts.

/** Every member with the programmes they can open now, as CSV lines read in batches. */
export async function exportMembers({ db }: Deps, actor: AuditActor): Promise<Readable> {
  await insertAuditRow(db, actor, { action: 'export-members', memberId: null, details: {} });
  return csvStream(MEMBERS_CSV_COLUMNS, memberExportBatches(db), (row) => [
    row.id,
    row.email,
    row.firstName,
    row.lastName,
    row.hasPassword ? 'yes' : 'no',
    row.createdAt,
    row.lastSignInAt,
    row.programs,
  ]);
}

/** Every progress record, one line per member and class they played. */
export async function exportProgress({ db }: Deps, actor: AuditActor): Promise<Readable> {
  await insertAuditRow(db, actor, { action: 'export-progress', memberId: null, details: {} });
  return csvStream(PROGRESS_CSV_COLUMNS, progressExportBatches(db), (row) => [
    row.memberId,
    row.email,
    row.programTitle,
    row.classId,
    row.classTitle,
    row.percentWatched,
    row.completed ? 'yes' : 'no',
    row.completedAt,
    row.lastWatchedAt,
    row.totalPlays,
  ]);
}
