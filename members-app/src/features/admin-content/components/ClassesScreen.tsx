import { useState } from 'react';
import type { AdminClass } from '@sleep-ritual/contracts/admin';
import { Button } from '../../../components/Button.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ConfirmDialog } from '../../../components/admin/Modal.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { LoadFailed, useIds } from '../../../components/admin/ScreenStates.tsx';
import { CONFIRM, LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { adminUrls, trail } from '../../../lib/admin/urls.ts';
import { classRoute } from '../../../lib/learner-urls.ts';
import { useClasses } from '../api/get-classes.ts';
import { usePathCrumbs } from '../api/get-path-crumbs.ts';
import { endOfList, ORDER_BASE } from '../ordering.ts';
import { useClassActions } from '../use-class-actions.ts';
import { useLockToggle } from '../use-lock-toggle.ts';
import { ClassFormDialog } from './ClassFormDialog.tsx';
import { ClassRow } from './ClassRow.tsx';
import { SortableList } from './SortableList.tsx';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; lesson: AdminClass } | null;

/** /admin/programs/{programId}/phases/{phaseId}/paths/{pathId}/classes, as spec 001 §2 draws it. */
export function ClassesScreen() {
  const ids = useIds();
  const crumbs = usePathCrumbs(ids.pathId);
  const classes = useClasses(ids.pathId);
  const actions = useClassActions(ids.pathId, classes.data);
  const lock = useLockToggle('class');
  const [dialog, setDialog] = useState<Dialog>(null);

  const titles = {
    program: crumbs.data?.program.title,
    phase: crumbs.data?.phase.title,
    path: crumbs.data?.path.title,
  };

  return (
    <>
      <ScreenHeader
        title="Classes List"
        crumbs={trail(ids, titles, 7)}
        back={{ label: 'Back to Path Details', to: adminUrls.path(ids) }}
        intro={`Manage classes for the ${titles.path ?? 'Path'}`}
      />
      {/* A path that is not there (deleted, or never) takes no new class. */}
      {!classes.isError && (
        <button type="button" className="admin-create-row" onClick={() => setDialog({ kind: 'create' })}>
          <span aria-hidden="true">+</span> Create New Class
        </button>
      )}
      {/* The crumbs too: they say whether the address is the path's own (AddressBelongs). */}
      {classes.isPending || crumbs.isPending ? (
        <p className="admin-loading" role="status">
          Loading classes...
        </p>
      ) : classes.isError ? (
        <LoadFailed title={LOAD_ERRORS.classes} error={classes.error} onRetry={() => classes.refetch()} />
      ) : classes.data.length === 0 ? (
        <StatusMessage
          title="No classes created yet"
          action={<Button onClick={() => setDialog({ kind: 'create' })}>Create First Class</Button>}
        >
          Create your first class to get started with organizing content in this path
        </StatusMessage>
      ) : (
        <SortableList items={classes.data} label="Classes" onMove={actions.move} disabled={actions.moving}>
          {(lesson, handle) => (
            <ClassRow
              lesson={lesson}
              handle={handle}
              learnerUrl={classRoute(ids.programId, ids.pathId, lesson.id)}
              lock={{
                pending: lock.pendingId === lesson.id,
                onToggle: (isUnlocked) => lock.toggle(lesson.id, isUnlocked),
              }}
              duplicating={actions.duplicating}
              onEdit={() => setDialog({ kind: 'edit', lesson })}
              onDuplicate={() => actions.duplicate(lesson)}
              onDelete={() => setDialog({ kind: 'delete', lesson })}
            />
          )}
        </SortableList>
      )}
      {dialog?.kind === 'create' && (
        <ClassFormDialog
          pathId={ids.pathId}
          orderIndex={endOfList(classes.data ?? [], ORDER_BASE.class)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <ClassFormDialog pathId={ids.pathId} lesson={dialog.lesson} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Class"
          message={CONFIRM.classQuestion(dialog.lesson.title)}
          confirmLabel="Delete"
          pending={actions.removing}
          onConfirm={() => actions.remove(dialog.lesson, () => setDialog(null))}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
