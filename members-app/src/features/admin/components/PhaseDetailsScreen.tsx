import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDeletePhase } from '../api/delete-phase.ts';
import { useProgram } from '../api/get-program.ts';
import { usePhase } from '../api/get-phase.ts';
import { CONFIRM, LOAD_ERRORS, MESSAGES } from '../messages.ts';
import { adminUrls, trail } from '../urls.ts';
import { useAdminToasts } from '../use-admin-toasts.ts';
import { ConfirmDialog } from './Modal.tsx';
import { PhaseFormDialog } from './PhaseFormDialog.tsx';
import { LoadFailed, useIds } from './ScreenStates.tsx';
import { DetailsList, ScreenHeader } from './ScreenHeader.tsx';

/** /admin/programs/{programId}/phases/{phaseId} */
export function PhaseDetailsScreen() {
  const { programId, phaseId } = useIds();
  const program = useProgram(programId);
  const phase = usePhase(phaseId);
  const remove = useDeletePhase();
  const toasts = useAdminToasts();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  if (phase.isPending) return <Spinner label="Loading phase..." />;
  // A phase reached through another programme's address is not this screen's phase.
  if (phase.isError || phase.data.programId !== programId) {
    return <LoadFailed title={LOAD_ERRORS.phase} error={phase.error} onRetry={() => phase.refetch()} />;
  }
  const details = phase.data;

  function confirmDelete() {
    remove.mutate(phaseId, {
      onSuccess: () => {
        toasts.success(MESSAGES.phase.deleted);
        navigate(adminUrls.phases(programId));
      },
      onError: (error) => {
        setDialog(null);
        toasts.failure(MESSAGES.phase.deleteFailed, error);
      },
    });
  }

  return (
    <>
      <ScreenHeader
        title={details.title}
        crumbs={trail({ programId, phaseId }, { program: program.data?.title, phase: details.title }, 4)}
        back={{ label: 'Back to Phases', to: adminUrls.phases(programId) }}
        actions={
          <>
            <ButtonLink to={adminUrls.paths({ programId, phaseId })}>View Paths</ButtonLink>
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => setDialog('delete')}>
              Delete Phase
            </Button>
          </>
        }
      />
      <DetailsList
        rows={[
          ['Title', details.title],
          ['Label', details.label],
          ['Description', details.description],
          ['Status', details.isUnlocked ? 'Unlocked' : 'Locked'],
          ['Order', details.orderIndex],
        ]}
      />
      {dialog === 'edit' && <PhaseFormDialog programId={programId} phase={details} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete Phase"
          message={`Are you sure you want to delete ${details.title}? ${CONFIRM.phase}`}
          confirmLabel="Delete Phase"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
