import type { ReconciliationState } from '@sleep-ritual/contracts/admin-members';
import { Button } from '../../../components/Button.tsx';
import { useCheckReconciliation } from '../api/check-reconciliation.ts';
import { useReconciliation } from '../api/get-reconciliation.ts';
import { count } from '../../../lib/admin/format.ts';
import { BACK_OFFICE_MESSAGES } from '../../../lib/admin/messages.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { DateTime } from '../../../components/admin/BackOffice.tsx';

/**
 * Reconciliation with ThriveCart: how often it runs, what its last run found or why it failed, and
 * "Check now". Off (no THRIVECART_API_KEY), it says how to turn it on.
 */
export function ReconciliationPanel() {
  const state = useReconciliation();
  const check = useCheckReconciliation();
  const toasts = useAdminToasts();
  if (!state.data) return null;
  const { configured, everyMinutes, lastRun } = state.data;
  return (
    <section className="admin-reconciliation" aria-label="Reconciliation with ThriveCart">
      <h2>Reconciliation with ThriveCart</h2>
      {!configured ? (
        <p className="muted">
          Off: set THRIVECART_API_KEY to look for orders whose webhook never arrived (see Reconciliation in
          docs/purchases.md).
        </p>
      ) : (
        <>
          <p>
            Every {everyMinutes} minutes this site asks ThriveCart for its latest charges and refunds and
            processes any it missed. Last run: <DateTime value={lastRun?.startedAt ?? null} />
            {lastRun && (
              <>
                {' '}
                · <RunOutcome run={lastRun} />
              </>
            )}
          </p>
          <Button
            variant="secondary"
            busy={check.isPending}
            onClick={() =>
              check.mutate(undefined, {
                onSuccess: () => toasts.success(BACK_OFFICE_MESSAGES.reconciliationQueued, 'reconcile'),
                onError: (error) =>
                  toasts.failure(BACK_OFFICE_MESSAGES.reconciliationFailed, error, 'reconcile'),
              })
            }
          >
            {check.isPending ? 'Checking...' : 'Check now'}
          </Button>
        </>
      )}
    </section>
  );
}

const PLAN_EVENT_WORDS: Record<string, string> = {
  'order.subscription_payment': 'instalment paid',
  'order.subscription_cancelled': 'plan cancelled',
};

function RunOutcome({ run }: { run: NonNullable<ReconciliationState['lastRun']> }) {
  if (run.outcome === 'running') return <span className="status">Running</span>;
  if (run.outcome === 'failed') return <span className="admin-error-text">Failed: {run.error}</span>;
  const findings = run.findings;
  if (!findings) return <span className="status status-completed">Done</span>;
  const queued = findings.chargesQueued.length + findings.refundsQueued.length;
  const planEvents = findings.planEventsQueued;
  const missed = [
    queued > 0 &&
      `${count(findings.chargesQueued.length, 'missed order')} and ${count(findings.refundsQueued.length, 'missed refund')} queued (${[
        ...findings.chargesQueued.map((order) => order.orderId),
        ...findings.refundsQueued.map((refund) => refund.orderId),
      ].join(', ')})`,
    planEvents.length > 0 &&
      `${count(planEvents.length, 'missed payment-plan event')} queued (${planEvents
        .map((plan) => `${plan.orderId}: ${PLAN_EVENT_WORDS[plan.event] ?? plan.event}`)
        .join(', ')})`,
  ].filter(Boolean);
  return (
    <span className="status status-completed">
      Done: {count(findings.transactionsSeen, 'transaction')} looked at,{' '}
      {missed.length === 0 ? 'nothing missed' : missed.join('; ')}
    </span>
  );
}
