import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useProgram } from '../api/get-program.ts';
import { usePhase } from '../api/get-phase.ts';
import { usePaths } from '../api/get-paths.ts';
import { useReorderPaths } from '../api/reorder-paths.ts';
import { LOAD_ERRORS, MESSAGES } from '../../../lib/admin/messages.ts';
import { endOfList, ORDER_BASE, orderUpdates } from '../ordering.ts';
import { adminUrls, trail } from '../../../lib/admin/urls.ts';
import { useAdminToasts } from '../../../lib/admin/use-admin-toasts.ts';
import { useDraftOrder } from '../use-draft-order.ts';
import { useLockToggle } from '../use-lock-toggle.ts';
import { LockSwitch } from './LockSwitch.tsx';
import { PathFormDialog } from './PathFormDialog.tsx';
import { SaveOrdering } from './SaveOrdering.tsx';
import { LoadFailed, useIds } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { SortableList } from './SortableList.tsx';

/** /admin/programs/{programId}/phases/{phaseId}/paths */
export function PathsScreen() {
  const { programId, phaseId } = useIds();
  const program = useProgram(programId);
  const phase = usePhase(phaseId);
  const paths = usePaths(phaseId);
  const draft = useDraftOrder(paths.data);
  const reorder = useReorderPaths();
  const lock = useLockToggle('path');
  const toasts = useAdminToasts();
  const [creating, setCreating] = useState(false);

  // The phase too: it says whether the address is the phase's own (AddressBelongs), and the list is not
  // shown before that is known.
  if (paths.isPending || phase.isPending) return <Spinner label="Loading paths..." />;
  if (paths.isError)
    return <LoadFailed title={LOAD_ERRORS.paths} error={paths.error} onRetry={() => paths.refetch()} />;

  function save() {
    reorder.mutate(
      { phaseId, updates: orderUpdates(draft.rows, ORDER_BASE.path) },
      {
        onSuccess: () => {
          draft.clear();
          toasts.success(MESSAGES.path.orderSaved, 'save-order');
        },
        onError: (error) => toasts.failure(MESSAGES.path.orderFailed, error, 'save-order'),
      },
    );
  }

  const ids = { programId, phaseId };
  const phaseTitle = phase.data?.title;
  return (
    <>
      <ScreenHeader
        title="Paths List"
        crumbs={trail(ids, { program: program.data?.title, phase: phaseTitle }, 5)}
        back={{ label: 'Back to Phase Details', to: adminUrls.phase(ids) }}
        intro={`Manage the paths of ${phaseTitle ?? 'this phase'}.`}
        actions={<Button onClick={() => setCreating(true)}>Create New Path</Button>}
      />
      {draft.rows.length === 0 ? (
        <StatusMessage
          title="No paths created yet"
          action={<Button onClick={() => setCreating(true)}>Create First Path</Button>}
        >
          New paths are locked until you unlock them.
        </StatusMessage>
      ) : (
        <SortableList items={draft.rows} label="Paths" onMove={draft.move}>
          {(path, handle, index) => (
            <>
              {handle}
              <span className="admin-order-number" aria-label={`Order ${index + 1}`}>
                {index + 1}
              </span>
              <div className="admin-row-body">
                <Link to={adminUrls.path({ ...ids, pathId: path.id })} className="admin-row-title">
                  {path.title}
                </Link>
                {path.label && <span className="badge">{path.label}</span>}
                {path.description && <p className="muted">{path.description}</p>}
              </div>
              <div className="admin-row-side">
                <LockSwitch
                  title={path.title}
                  isUnlocked={path.isUnlocked}
                  pending={lock.pendingId === path.id}
                  onToggle={(isUnlocked) => lock.toggle(path.id, isUnlocked)}
                />
                <ButtonLink
                  to={adminUrls.classes({ ...ids, pathId: path.id })}
                  variant="ghost"
                  aria-label={`View Classes of ${path.title}`}
                >
                  View Classes
                </ButtonLink>
              </div>
            </>
          )}
        </SortableList>
      )}
      {draft.rows.length > 1 && (
        <SaveOrdering changed={draft.changed} pending={reorder.isPending} onSave={save} />
      )}
      {creating && (
        <PathFormDialog
          ids={ids}
          orderIndex={endOfList(paths.data ?? [], ORDER_BASE.path)}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
