import { useState } from 'react';
import type { AdminClass } from '@sleep-ritual/contracts/admin';
import { Button } from '../../../components/Button.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { classRoute } from '../../../lib/learner-urls.ts';
import { useDeleteClass } from '../api/delete-class.ts';
import { useDuplicateClass } from '../api/duplicate-class.ts';
import { useClasses } from '../api/get-classes.ts';
import { usePathCrumbs } from '../api/get-path-crumbs.ts';
import { useReorderClasses } from '../api/reorder-classes.ts';
import { CONFIRM, LOAD_ERRORS, MESSAGES } from '../messages.ts';
import { moveById } from '../ordering.ts';
import { adminUrls, trail } from '../urls.ts';
import { useAdminToasts } from '../use-admin-toasts.ts';
import { useLockToggle } from '../use-lock-toggle.ts';
import { ClassFormDialog } from './ClassFormDialog.tsx';
import { LockSwitch } from './LockSwitch.tsx';
import { ConfirmDialog } from './Modal.tsx';
import { LoadFailed, useIds } from './ScreenStates.tsx';
import { ScreenHeader } from './ScreenHeader.tsx';
import { SortableList } from './SortableList.tsx';
import { ViewAsLearner } from './ViewAsLearner.tsx';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; lesson: AdminClass } | null;

/** /admin/programs/{programId}/phases/{phaseId}/paths/{pathId}/classes, as spec 001 §2 draws it. */
export function ClassesScreen() {
  const ids = useIds();
  const crumbs = usePathCrumbs(ids.pathId);
  const classes = useClasses(ids.pathId);
  const reorder = useReorderClasses();
  const remove = useDeleteClass();
  const duplicate = useDuplicateClass();
  const lock = useLockToggle('class');
  const toasts = useAdminToasts();
  const [dialog, setDialog] = useState<Dialog>(null);

  const titles = {
    program: crumbs.data?.program.title,
    phase: crumbs.data?.phase.title,
    path: crumbs.data?.path.title,
  };

  /** §4: classes are saved right after a drop onto another class, as positions 0..n-1. */
  function move(activeId: number, overId: number) {
    const moved = classes.data && moveById(classes.data, activeId, overId);
    if (!moved) return;
    reorder.mutate(
      { pathId: ids.pathId, classes: moved },
      {
        onSuccess: () => toasts.success(MESSAGES.class.orderSaved),
        onError: () => toasts.classFailure(MESSAGES.class.orderFailed),
      },
    );
  }

  function confirmDelete(lesson: AdminClass) {
    remove.mutate(lesson.id, {
      onSuccess: () => toasts.success(MESSAGES.class.deleted),
      onError: () => toasts.classFailure(MESSAGES.class.deleteFailed),
      onSettled: () => setDialog(null),
    });
  }

  /** The copy is locked and goes to the end of the list (the server decides both). */
  function duplicateClass(lesson: AdminClass) {
    duplicate.mutate(lesson.id, {
      onSuccess: () => toasts.success(MESSAGES.class.duplicated),
      onError: (error) => toasts.failure(MESSAGES.class.duplicateFailed, error),
    });
  }

  return (
    <>
      <ScreenHeader
        title="Classes List"
        crumbs={trail(ids, titles, 7)}
        back={{ label: 'Back to Path Details', to: adminUrls.path(ids) }}
        intro={`Manage classes for the ${titles.path ?? 'Path'}`}
      />
      <button type="button" className="admin-create-row" onClick={() => setDialog({ kind: 'create' })}>
        <span aria-hidden="true">+</span> Create New Class
      </button>
      {classes.isPending ? (
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
        <SortableList items={classes.data} label="Classes" onMove={move} disabled={reorder.isPending}>
          {(lesson, handle) => (
            <>
              {handle}
              <div className="admin-row-body">
                <h2 className="admin-row-title">{lesson.title}</h2>
                {lesson.description && <p className="muted">{lesson.description}</p>}
                <p className="admin-badges">
                  {lesson.label && <span className="badge">{lesson.label}</span>}
                  {lesson.vimeoVideoId && <span className="badge badge-video">Has Video</span>}
                  {lesson.audioUrl && <span className="badge badge-video">Has Audio</span>}
                </p>
              </div>
              <div className="admin-row-side">
                <LockSwitch
                  title={lesson.title}
                  isUnlocked={lesson.isUnlocked}
                  pending={lock.pendingId === lesson.id}
                  onToggle={(isUnlocked) => lock.toggle(lesson.id, isUnlocked)}
                />
                <div className="admin-row-buttons">
                  <Button
                    variant="secondary"
                    onClick={() => setDialog({ kind: 'edit', lesson })}
                    aria-label={`Edit ${lesson.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={duplicate.isPending}
                    onClick={() => duplicateClass(lesson)}
                    aria-label={`Duplicate ${lesson.title}`}
                  >
                    Duplicate
                  </Button>
                  <ViewAsLearner to={classRoute(ids.programId, ids.pathId, lesson.id)} title={lesson.title} />
                  <Button
                    variant="danger"
                    onClick={() => setDialog({ kind: 'delete', lesson })}
                    aria-label={`Delete ${lesson.title}`}
                  >
                    Delete
                  </Button>
                </div>
              </div>
            </>
          )}
        </SortableList>
      )}
      {dialog?.kind === 'create' && <ClassFormDialog pathId={ids.pathId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <ClassFormDialog pathId={ids.pathId} lesson={dialog.lesson} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Class"
          message={CONFIRM.classQuestion(dialog.lesson.title)}
          confirmLabel="Delete"
          pending={remove.isPending}
          onConfirm={() => confirmDelete(dialog.lesson)}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
