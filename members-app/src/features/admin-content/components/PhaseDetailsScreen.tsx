import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDeletePhase } from '../api/delete-phase.ts';
import { useProgram } from '../api/get-program.ts';
import { usePhase } from '../api/get-phase.ts';
import { CONFIRM, LOAD_ERRORS, MESSAGES } from '../../../lib/admin/messages.ts';
import { adminUrls, trail } from '../../../lib/admin/urls.ts';
import { DeleteAction } from './DeleteAction.tsx';
import { PhaseFormDialog } from './PhaseFormDialog.tsx';
import { LoadFailed, useIds } from '../../../components/admin/ScreenStates.tsx';
import { DetailsList, placedRows, ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';

/** /admin/programs/{programId}/phases/{phaseId} */
export function PhaseDetailsScreen() {
  const { programId, phaseId } = useIds();
  const program = useProgram(programId);
  const phase = usePhase(phaseId);
  const remove = useDeletePhase();
  const [editing, setEditing] = useState(false);

  if (phase.isPending) return <Spinner label="Loading phase..." />;
  // A phase at another programme's address never gets here: AddressBelongs shows the not-found screen.
  if (phase.isError) {
    return <LoadFailed title={LOAD_ERRORS.phase} error={phase.error} onRetry={() => phase.refetch()} />;
  }
  const details = phase.data;

  return (
    <>
      <ScreenHeader
        title={details.title}
        crumbs={trail({ programId, phaseId }, { program: program.data?.title, phase: details.title }, 4)}
        back={{ label: 'Back to Phases', to: adminUrls.phases(programId) }}
        actions={
          <>
            <ButtonLink to={adminUrls.paths({ programId, phaseId })}>View Paths</ButtonLink>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <DeleteAction
              label="Delete Phase"
              title={details.title}
              note={CONFIRM.phase}
              mutation={remove}
              variables={phaseId}
              words={MESSAGES.phase}
              backTo={adminUrls.phases(programId)}
            />
          </>
        }
      />
      <DetailsList rows={placedRows(details)} />
      {editing && <PhaseFormDialog programId={programId} phase={details} onClose={() => setEditing(false)} />}
    </>
  );
}
