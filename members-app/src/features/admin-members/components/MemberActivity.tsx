import type { MemberClassProgress, MemberPurchase } from '@sleep-ritual/contracts/admin-members';
import { SLEEP_ANSWER_LABELS } from '@sleep-ritual/contracts/sleep-check-ins';
import { formatPercent } from '../../../lib/admin/format.ts';
import { DateTime, TableFrame } from '../../../components/admin/BackOffice.tsx';
import { isSuspended } from '../purchase-state.ts';

const STATUS_WORDS: Record<string, string> = {
  completed: 'Completed',
  refunded: 'Refunded',
  revoked: 'Revoked',
  pending: 'Pending',
};

/** Every purchase, newest first; a grant by hand has no checkout item. */
export function PurchasesTable({ purchases }: { purchases: MemberPurchase[] }) {
  return (
    <section className="admin-section">
      <h2>Purchases</h2>
      {purchases.length === 0 ? (
        <p className="muted">No purchases.</p>
      ) : (
        <TableFrame label="Purchases" columns={['Order ID', 'Product', 'Program', 'Status', 'Date']}>
          {purchases.map((purchase) => (
            <tr key={purchase.id}>
              <td className="admin-code">{purchase.orderId ?? <span className="muted">None</span>}</td>
              <td>
                {purchase.product ? (
                  <code>{purchase.product}</code>
                ) : (
                  <span className="muted">{purchase.isManual ? 'Granted by an admin' : 'None'}</span>
                )}
              </td>
              <td>{purchase.programTitle}</td>
              <td>
                {isSuspended(purchase) ? (
                  <span className="status status-suspended">Suspended</span>
                ) : (
                  <span className={`status status-${purchase.status}`}>
                    {STATUS_WORDS[purchase.status] ?? purchase.status}
                  </span>
                )}
                {purchase.plan && <PlanNote purchase={purchase} plan={purchase.plan} />}
              </td>
              <td>
                <DateTime value={purchase.purchasedAt} />
              </td>
            </tr>
          ))}
        </TableFrame>
      )}
    </section>
  );
}

const PLAN_WORDS: Record<string, string> = {
  active: 'Payment plan active',
  paused: 'Payment plan paused',
  cancelled: 'Payment plan cancelled',
};

/**
 * The payment plan behind a purchase: its state, and an unpaid instalment's grace (README, "Payment
 * plans"): "payment failed on …, access until …" while it runs, "suspended since …" once it ran out.
 */
function PlanNote({
  purchase,
  plan,
}: {
  purchase: MemberPurchase;
  plan: NonNullable<MemberPurchase['plan']>;
}) {
  const keepsAccess = purchase.hasAccess && plan.status !== 'active' && !plan.paymentFailedAt;
  return (
    <span className="admin-plan-note">
      {PLAN_WORDS[plan.status] ?? plan.status}
      {keepsAccess && ' — keeps access'}
      {plan.paymentFailedAt &&
        (isSuspended(purchase) ? (
          <>
            . Suspended since <DateTime value={plan.accessUntil} /> (payment failed on{' '}
            <DateTime value={plan.paymentFailedAt} />)
          </>
        ) : (
          <>
            . Payment failed on <DateTime value={plan.paymentFailedAt} />, access until{' '}
            <DateTime value={plan.accessUntil} />
          </>
        ))}
    </span>
  );
}

const COMPLETION_WORDS: Record<NonNullable<MemberClassProgress['completionReason']>, string> = {
  finished: 'Played to the end',
  asleep: 'Fell asleep to it (sleep timer)',
  marked: 'Marked by hand',
};

/** Progress per class, one table per programme, classes in learning order. */
export function ProgressTables({ progress }: { progress: MemberClassProgress[] }) {
  const programs = new Map<number, { title: string; rows: MemberClassProgress[] }>();
  for (const row of progress) {
    const program = programs.get(row.programId) ?? { title: row.programTitle, rows: [] };
    program.rows.push(row);
    programs.set(row.programId, program);
  }
  return (
    <section className="admin-section">
      <h2>Progress</h2>
      {programs.size === 0 && <p className="muted">No classes to show.</p>}
      {[...programs.entries()].map(([programId, program]) => (
        <div key={programId} className="admin-subsection">
          <h3>{program.title}</h3>
          <TableFrame
            label={`Progress in ${program.title}`}
            columns={['Class', 'Percent watched', 'Completed', 'Last watched', 'Slept']}
          >
            {program.rows.map((row) => (
              <tr key={row.classId}>
                <th scope="row">
                  <span className="admin-cell-title">{row.classTitle}</span>
                  <span className="admin-cell-note">
                    {[row.classLabel, row.pathTitle].filter(Boolean).join(' · ')}
                    {row.isDeleted && <span className="badge badge-muted">Deleted</span>}
                  </span>
                </th>
                <td>
                  <span className="admin-meter" aria-hidden="true">
                    <span style={{ width: `${Math.min(100, Math.max(0, row.percentWatched))}%` }} />
                  </span>
                  {formatPercent(row.percentWatched)}
                </td>
                <td>
                  {row.completed ? 'Yes' : 'No'}
                  {row.completionReason && (
                    <span className="admin-cell-note">{COMPLETION_WORDS[row.completionReason]}</span>
                  )}
                  {row.completed && row.completedAt && (
                    <span className="admin-cell-note">
                      <DateTime value={row.completedAt} />
                    </span>
                  )}
                </td>
                <td>
                  <DateTime value={row.lastWatchedAt} empty="Not yet" />
                </td>
                <td>
                  {row.sleep ? (
                    <>
                      {SLEEP_ANSWER_LABELS[row.sleep.answer]}
                      {row.sleep.quality !== null && (
                        <span className="admin-cell-note">Quality {row.sleep.quality} of 5</span>
                      )}
                    </>
                  ) : (
                    <span className="muted">No answer</span>
                  )}
                </td>
              </tr>
            ))}
          </TableFrame>
        </div>
      ))}
    </section>
  );
}
