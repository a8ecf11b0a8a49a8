import type { AuditEntry } from '@sleep-ritual/contracts/admin-members';
import { Spinner } from '../../../components/Spinner.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { DateTime } from '../../../components/admin/BackOffice.tsx';
import { LoadFailed } from '../../../components/admin/ScreenStates.tsx';

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** What the audit row says was done, in words. */
export function describeAction(entry: Pick<AuditEntry, 'action' | 'details'>): string {
  const { details } = entry;
  switch (entry.action) {
    case 'grant-program':
      return `${details.restored ? 'Restored' : 'Granted'} access to ${text(details.programTitle)}`;
    case 'revoke-program':
      return `Revoked access to ${text(details.programTitle)}`;
    case 'resend-create-account':
      return `Resent the create-account e-mail to ${text(details.to)}`;
    case 'send-password-reset':
      return `Sent a password reset e-mail to ${text(details.to)}`;
    case 'change-email':
      return `Changed the e-mail from ${text(details.from)} to ${text(details.to)}`;
    case 'retry-order':
      return `Retried order ${text(details.orderId)}`;
    case 'export-members':
      return 'Downloaded the members CSV';
    case 'export-progress':
      return 'Downloaded the progress CSV';
    case 'self-delete-account':
      return 'The member deleted their account';
    case 'create-content':
      return `Added ${text(details.title) || text(details.path)}`;
    case 'update-content':
      return `Edited ${text(details.title) || text(details.path)}`;
    case 'lock-content':
      return `${details.isUnlocked ? 'Unlocked' : 'Locked'} ${text(details.title) || text(details.path)}`;
    case 'reorder-content':
      return `Reordered ${text(details.path)}`;
    case 'delete-content':
      return `Deleted ${text(details.path)}`;
    case 'restore-content':
      return `Restored ${text(details.title) || text(details.path)}`;
    case 'save-product-mapping':
      return `Saved a product mapping (${text(details.path)})`;
    case 'delete-product-mapping':
      return `Deleted a product mapping (${text(details.path)})`;
    case 'upload-media':
      return `Uploaded ${text(details.url) || 'a file'}`;
    case 'check-reconciliation':
      return 'Checked the orders against ThriveCart (Check now)';
  }
}

/** The admin actions on this member, newest first: who (the admin session), what and when. */
export function AuditTrail({ memberId }: { memberId: number }) {
  const log = useAuditLog({ memberId, page: 1 });
  return (
    <section className="admin-section">
      <h2>Admin actions</h2>
      {log.isPending ? (
        <Spinner label="Loading admin actions..." />
      ) : log.isError ? (
        <LoadFailed title={LOAD_ERRORS.auditLog} error={log.error} onRetry={() => log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <p className="muted">No admin has acted on this member yet.</p>
      ) : (
        <ol className="admin-audit" aria-label="Admin actions">
          {log.data.items.map((entry) => (
            <li key={entry.id}>
              <DateTime value={entry.createdAt} />
              <span>{describeAction(entry)}</span>
              <span className="admin-cell-note">Admin session {entry.adminSessionId.slice(0, 8)}</span>
            </li>
          ))}
          {log.data.total > log.data.items.length && (
            <li className="muted">and {log.data.total - log.data.items.length} earlier actions</li>
          )}
        </ol>
      )}
    </section>
  );
}
