import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pathRoute } from '../../../lib/learner-urls.ts';
import { useDeletePath } from '../api/delete-path.ts';
import { usePath } from '../api/get-path.ts';
import { usePathCrumbs } from '../api/get-path-crumbs.ts';
import { CONFIRM, LOAD_ERRORS, MESSAGES } from '../../../lib/admin/messages.ts';
import { adminUrls, trail } from '../../../lib/admin/urls.ts';
import { DeleteAction } from './DeleteAction.tsx';
import { PathFormDialog } from './PathFormDialog.tsx';
import { LoadFailed, useIds } from '../../../components/admin/ScreenStates.tsx';
import { DetailsList, placedRows, ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { ViewAsLearner } from './ViewAsLearner.tsx';

/** /admin/programs/{programId}/phases/{phaseId}/paths/{pathId} */
export function PathDetailsScreen() {
  const ids = useIds();
  const path = usePath(ids);
  const crumbs = usePathCrumbs(ids.pathId);
  const remove = useDeletePath();
  const [editing, setEditing] = useState(false);

  if (path.isPending) return <Spinner label="Loading path..." />;
  if (path.isError)
    return <LoadFailed title={LOAD_ERRORS.path} error={path.error} onRetry={() => path.refetch()} />;
  const details = path.data;
  const titles = {
    program: crumbs.data?.program.title,
    phase: crumbs.data?.phase.title,
    path: details.title,
  };

  return (
    <>
      <ScreenHeader
        title={details.title}
        crumbs={trail(ids, titles, 6)}
        back={{ label: 'Back to Paths', to: adminUrls.paths(ids) }}
        actions={
          <>
            <ButtonLink to={adminUrls.classes(ids)}>View Classes</ButtonLink>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <ViewAsLearner to={pathRoute(ids.programId, ids.pathId)} />
            <DeleteAction
              label="Delete Path"
              title={details.title}
              note={CONFIRM.path}
              mutation={remove}
              variables={ids}
              words={MESSAGES.path}
              backTo={adminUrls.paths(ids)}
            />
          </>
        }
      />
      <DetailsList
        rows={[
          ...placedRows(details),
          ['Card Image URL', details.cardImageUrl],
          ['Cover Art URL', details.coverArtUrl],
        ]}
      />
      {editing && <PathFormDialog ids={ids} path={details} onClose={() => setEditing(false)} />}
    </>
  );
}
