import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useDeletePath } from '../api/delete-path.ts';
import { usePath } from '../api/get-path.ts';
import { usePathCrumbs } from '../api/get-path-crumbs.ts';
import { CONFIRM, LOAD_ERRORS, MESSAGES } from '../messages.ts';
import { adminUrls, trail } from '../urls.ts';
import { useAdminToasts } from '../use-admin-toasts.ts';
import { ConfirmDialog } from './Modal.tsx';
import { PathFormDialog } from './PathFormDialog.tsx';
import { LoadFailed, useIds } from './ScreenStates.tsx';
import { DetailsList, ScreenHeader } from './ScreenHeader.tsx';

/** /admin/programs/{programId}/phases/{phaseId}/paths/{pathId} */
export function PathDetailsScreen() {
  const ids = useIds();
  const path = usePath(ids);
  const crumbs = usePathCrumbs(ids.pathId);
  const remove = useDeletePath();
  const toasts = useAdminToasts();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  if (path.isPending) return <Spinner label="Loading path..." />;
  if (path.isError) return <LoadFailed title={LOAD_ERRORS.path} error={path.error} onRetry={() => path.refetch()} />;
  const details = path.data;

  function confirmDelete() {
    remove.mutate(ids, {
      onSuccess: () => {
        toasts.success(MESSAGES.path.deleted);
        navigate(adminUrls.paths(ids));
      },
      onError: (error) => {
        setDialog(null);
        toasts.failure(MESSAGES.path.deleteFailed, error);
      },
    });
  }

  const titles = { program: crumbs.data?.program.title, phase: crumbs.data?.phase.title, path: details.title };
  return (
    <>
      <ScreenHeader
        title={details.title}
        crumbs={trail(ids, titles, 6)}
        back={{ label: 'Back to Paths', to: adminUrls.paths(ids) }}
        actions={
          <>
            <ButtonLink to={adminUrls.classes(ids)}>View Classes</ButtonLink>
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => setDialog('delete')}>
              Delete Path
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
          ['Card Image URL', details.cardImageUrl],
          ['Cover Art URL', details.coverArtUrl],
        ]}
      />
      {dialog === 'edit' && <PathFormDialog ids={ids} path={details} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete Path"
          message={`Are you sure you want to delete ${details.title}? ${CONFIRM.path}`}
          confirmLabel="Delete Path"
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
