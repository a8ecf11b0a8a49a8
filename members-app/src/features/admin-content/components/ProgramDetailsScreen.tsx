import { ButtonLink } from '../../../components/Button.tsx';
import { programRoute } from '../../../lib/learner-urls.ts';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDeleteProgram } from '../api/delete-program.ts';
import { useProgram } from '../api/get-program.ts';
import { CONFIRM, MESSAGES } from '../../../lib/admin/messages.ts';
import { adminUrls, trail } from '../../../lib/admin/urls.ts';
import { DeleteAction } from './DeleteAction.tsx';
import { ProgramLoadFailed, useIds } from '../../../components/admin/ScreenStates.tsx';
import { DetailsList, ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { ViewAsLearner } from './ViewAsLearner.tsx';

/** /admin/programs/{programId} */
export function ProgramDetailsScreen() {
  const { programId } = useIds();
  const program = useProgram(programId);
  const remove = useDeleteProgram();

  if (program.isPending) return <Spinner label="Loading program..." />;
  if (program.isError) return <ProgramLoadFailed error={program.error} onRetry={() => program.refetch()} />;
  const details = program.data;
  const typeBadge = (
    <span className={details.programType === 'Add On' ? 'badge badge-addon' : 'badge'}>
      {details.programType}
    </span>
  );

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
            <ViewAsLearner to={programRoute(programId)} />
            <DeleteAction
              label="Delete Program"
              title={details.title}
              note={CONFIRM.program}
              mutation={remove}
              variables={programId}
              words={MESSAGES.program}
              backTo={adminUrls.programs()}
            />
          </>
        }
      />
      <DetailsList
        rows={[
          ['Name', details.title],
          ['Label', details.label],
          ['Format', details.format],
          ['Description', details.description],
          ['Program Type', typeBadge],
          ['Display Order', details.orderIndex],
          ['Status', details.isActive ? 'Active' : 'Inactive'],
          ['Card Fine Print', details.programCardFinePrint],
          ['Card Image URL', details.cardImageUrl],
          ['Cover Art URL', details.coverArtUrl],
          ['Redirect URL', details.redirectUrl],
        ]}
      />
    </>
  );
}
