import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  MEMBERS_CSV_COLUMNS,
  PROGRESS_CSV_COLUMNS,
  type AdminAuditAction,
} from '@sleep-ritual/contracts/admin-members';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { insertAuditRow } from '../data/admin-audit-log.ts';
import { memberExportBatches, progressExportBatches } from '../data/admin-members-export.ts';
import { csvStream } from '../domain/admin-members-csv.ts';
import { auditActor } from './admin-audit-routes.ts';

/** CSV downloads of every member with their programmes, and of every progress record. */
export function registerAdminExportRoutes(router: Router, deps: ServiceDeps): void {
  // Personal data leaving the system: each download is recorded like an action.
  async function startDownload(ctx: Context, action: AdminAuditAction, name: string): Promise<void> {
    await insertAuditRow(deps.db, auditActor(ctx), { action, memberId: null, details: {} });
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    ctx.set('Cache-Control', 'no-store');
  }

  router.get('/exports/members.csv', async (ctx) => {
    await startDownload(ctx, 'export-members', 'members');
    ctx.body = csvStream(MEMBERS_CSV_COLUMNS, memberExportBatches(deps.db), (row) => [
      row.id,
      row.email,
      row.firstName,
      row.lastName,
      row.hasPassword ? 'yes' : 'no',
      row.createdAt,
      row.lastSignInAt,
      row.programs,
    ]);
  });

  router.get('/exports/progress.csv', async (ctx) => {
    await startDownload(ctx, 'export-progress', 'progress');
    ctx.body = csvStream(PROGRESS_CSV_COLUMNS, progressExportBatches(deps.db), (row) => [
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
  });
}
