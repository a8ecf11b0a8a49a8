import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDeleteProgram } from '../api/delete-program.ts';
import { useProgram } from '../api/get-program.ts';
import { CONFIRM, MESSAGES } from '../messages.ts';
import { adminUrls, trail } from '../urls.ts';
import { useAdminToasts } from '../use-admin-toasts.ts';
import { ConfirmDialog } from './Modal.tsx';
import { ProgramLoadFailed, useIds } from './ScreenStates.tsx';
import { DetailsList, ScreenHeader } from './ScreenHeader.tsx';

/** /admin/programs/{programId} */
export function ProgramDetailsScreen() {
  const { programId } = useIds();
  const program = useProgram(programId);
  const remove = useDeleteProgram();
  const toasts = useAdminToasts();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (program.isPending) return <Spinner label="Loading program..." />;
  if (program.isError) return <ProgramLoadFailed error={program.error} onRetry={() => program.refetch()} />;
  const details = program.data;

  function confirmDelete() {
    remove.mutate(programId, {
      onSuccess: () => {
        toasts.success(MESSAGES.program.deleted);
        navigate(adminUrls.programs());
      },
      onError: (error) => {
        setConfirming(false);
        toasts.failure(MESSAGES.program.deleteFailed, error);
      },
    });
  }

  return (
    <>
      <ScreenHeader
        title={details.title}
        crumbs={trail({ programId }, { program: details.title }, 2)}
        back={{ label: 'Back to Programs', to: adminUrls.programs() }}
        actions={
          <>
            <ButtonLink to={adminUrls.phases(programId)}>View Phases</ButtonLink>
            <ButtonLink to={adminUrls.editProgram(programId)} variant="secondary">
              Edit
            </ButtonLink>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete Program
            </Button>
          </>
        }
      />
      <DetailsList
        rows={[
          ['Title', details.title],
          ['Label', details.label],
          ['Format', details.format],
          ['Description', details.description],
          ['Program Type', <span className={details.programType === 'Add On' ? 'badge badge-addon' : 'badge'}>{details.programType}</span>],
          ['Display Order', details.orderIndex],
          ['Status', details.isActive ? 'Active' : 'Inactive'],
          ['Card Fine Print', details.programCardFinePrint],
          ['Card Image URL', details.cardImageUrl],
          ['Cover Art URL', details.coverArtUrl],
          ['Redirect URL', details.redirectUrl],
        ]}
      />
      {confirming && (
        <ConfirmDialog
          title="Delete Program"
          message={`Are you sure you want to delete ${details.title}? ${CONFIRM.program}`}
          confirmLabel="Delete Program"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
