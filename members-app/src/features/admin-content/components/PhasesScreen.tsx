import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useProgram } from '../api/get-program.ts';
import { usePhases } from '../api/get-phases.ts';
import { useReorderPhases } from '../api/reorder-phases.ts';
import { LOAD_ERRORS, MESSAGES } from '../../../lib/admin/messages.ts';
import { endOfList, ORDER_BASE, orderUpdates } from '../ordering.ts';
import { adminUrls, trail } from '../../../lib/admin/urls.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useDraftOrder } from '../use-draft-order.ts';
import { useLockToggle } from '../use-lock-toggle.ts';
import { LockSwitch } from './LockSwitch.tsx';
import { PhaseFormDialog } from './PhaseFormDialog.tsx';
import { SaveOrdering } from './SaveOrdering.tsx';
import { LoadFailed, ProgramLoadFailed, useIds } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { SortableList } from './SortableList.tsx';

/** /admin/programs/{programId}/phases */
export function PhasesScreen() {
  const { programId } = useIds();
  const program = useProgram(programId);
  const phases = usePhases(programId);
  const draft = useDraftOrder(phases.data);
  const reorder = useReorderPhases();
  const lock = useLockToggle('phase');
  const toasts = useAdminToasts();
  const [creating, setCreating] = useState(false);

  if (program.isError) return <ProgramLoadFailed error={program.error} onRetry={() => program.refetch()} />;

  function save() {
    reorder.mutate(
      { programId, updates: orderUpdates(draft.rows, ORDER_BASE.phase) },
      {
        onSuccess: () => {
          draft.clear();
          toasts.success(MESSAGES.phase.orderSaved, 'save-order');
        },
        onError: (error) => toasts.failure(MESSAGES.phase.orderFailed, error, 'save-order'),
      },
    );
  }

  const programTitle = program.data?.title;
  return (
    <>
      <ScreenHeader
        title="Phases List"
        crumbs={trail({ programId }, { program: programTitle }, 3)}
        back={{ label: 'Back to Program Details', to: adminUrls.program(programId) }}
        intro={`Manage the phases of ${programTitle ?? 'this program'}.`}
        actions={<Button onClick={() => setCreating(true)}>Create New Phase</Button>}
      />
      {phases.isPending ? (
        <Spinner label="Loading phases..." />
      ) : phases.isError ? (
        <LoadFailed title={LOAD_ERRORS.phases} error={phases.error} onRetry={() => phases.refetch()} />
      ) : draft.rows.length === 0 ? (
        <StatusMessage
          title="No phases created yet"
          action={<Button onClick={() => setCreating(true)}>Create First Phase</Button>}
        >
          New phases are unlocked and go last in the list.
        </StatusMessage>
      ) : (
        <>
          <SortableList items={draft.rows} label="Phases" onMove={draft.move}>
            {(phase, handle) => (
              <>
                {handle}
                <div className="admin-row-body">
                  <Link to={adminUrls.phase({ programId, phaseId: phase.id })} className="admin-row-title">
                    {phase.title}
                  </Link>
                  {phase.label && <span className="badge">{phase.label}</span>}
                  {phase.description && <p className="muted">{phase.description}</p>}
                </div>
                <div className="admin-row-side">
                  <LockSwitch
                    title={phase.title}
                    isUnlocked={phase.isUnlocked}
                    pending={lock.pendingId === phase.id}
                    onToggle={(isUnlocked) => lock.toggle(phase.id, isUnlocked)}
                  />
                  <ButtonLink
                    to={adminUrls.paths({ programId, phaseId: phase.id })}
                    variant="ghost"
                    aria-label={`View Paths of ${phase.title}`}
                  >
                    View Paths
                  </ButtonLink>
                </div>
              </>
            )}
          </SortableList>
          <SaveOrdering changed={draft.changed} pending={reorder.isPending} onSave={save} />
        </>
      )}
      {creating && (
        <PhaseFormDialog
          programId={programId}
          orderIndex={endOfList(phases.data ?? [], ORDER_BASE.phase)}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
