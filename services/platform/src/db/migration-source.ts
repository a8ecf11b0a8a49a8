import type { Knex } from 'knex';
import * as initialSchema from './migrations/20261121000000_initial_schema.ts';
import * as adminAuditLog from './migrations/20261121010000_admin_audit_log.ts';
import * as signInTokens from './migrations/20261124120000_sign_in_tokens.ts';
import * as purchaseItems from './migrations/20261124130000_purchase_items.ts';
import * as ordersAwaitingMapping from './migrations/20261124130100_orders_awaiting_mapping.ts';
import * as thrivecartReconciliation from './migrations/20261124130200_thrivecart_reconciliation.ts';
import * as classAudioUrl from './migrations/20261125020000_class_audio_url.ts';
import * as dripDays from './migrations/20261125030000_drip_days.ts';
import * as purchasePlans from './migrations/20261125010000_purchase_plans.ts';
import * as mediaFiles from './migrations/20261125050000_media_files.ts';
import * as bedtimeReminders from './migrations/20261125030100_bedtime_reminders.ts';
import * as postgresOnlyStores from './migrations/20261126010000_postgres_only_stores.ts';
import * as emailSends from './migrations/20261126020500_email_sends.ts';
import * as sleepProgress from './migrations/20261127010000_sleep_progress.ts';
import * as audioQuietSpans from './migrations/20261127120000_audio_quiet_spans.ts';
import * as memberRights from './migrations/20261127010000_member_rights.ts';
import * as progressListenedAt from './migrations/20261127130000_progress_listened_at.ts';
import * as dropSignInCodeAttempts from './migrations/20261127140000_drop_sign_in_code_attempts.ts';
import * as progressRecentPlayIds from './migrations/20261128090000_progress_recent_play_ids.ts';
import * as emailSendsConfirmed from './migrations/20261128110000_email_sends_confirmed.ts';

/**
 * Migrations are listed here rather than found on disk, so they run the same under Node, vitest and any
 * bundler. Add each new migration file to this list, in order.
 */
const migrations: Record<string, Knex.Migration> = {
  '20261121000000_initial_schema.ts': initialSchema,
  '20261121010000_admin_audit_log.ts': adminAuditLog,
  '20261124120000_sign_in_tokens.ts': signInTokens,
  '20261124130000_purchase_items.ts': purchaseItems,
  '20261124130100_orders_awaiting_mapping.ts': ordersAwaitingMapping,
  '20261124130200_thrivecart_reconciliation.ts': thrivecartReconciliation,
  '20261125020000_class_audio_url.ts': classAudioUrl,
  '20261125030000_drip_days.ts': dripDays,
  '20261125010000_purchase_plans.ts': purchasePlans,
  '20261125050000_media_files.ts': mediaFiles,
  '20261125030100_bedtime_reminders.ts': bedtimeReminders,
  '20261126010000_postgres_only_stores.ts': postgresOnlyStores,
  '20261126020500_email_sends.ts': emailSends,
  '20261127010000_sleep_progress.ts': sleepProgress,
  '20261127120000_audio_quiet_spans.ts': audioQuietSpans,
  '20261127010000_member_rights.ts': memberRights,
  '20261127130000_progress_listened_at.ts': progressListenedAt,
  '20261127140000_drop_sign_in_code_attempts.ts': dropSignInCodeAttempts,
  '20261128090000_progress_recent_play_ids.ts': progressRecentPlayIds,
  '20261128110000_email_sends_confirmed.ts': emailSendsConfirmed,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
