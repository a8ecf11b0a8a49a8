import type { ReactNode } from 'react';
import type { AdminClass } from '@sleep-ritual/contracts/admin';
import { Button } from '../../../components/Button.tsx';
import { LockSwitch } from './LockSwitch.tsx';
import { ViewAsLearner } from './ViewAsLearner.tsx';

type Props = {
  lesson: AdminClass;
  /** The drag handle SortableList gives the row. */
  handle: ReactNode;
  /** The learner page of the class, for "View as learner". */
  learnerUrl: string;
  lock: { pending: boolean; onToggle: (isUnlocked: boolean) => void };
  duplicating: boolean;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

/** One class of the list: its title, description and badges, its lock and its buttons. */
export function ClassRow({
  lesson,
  handle,
  learnerUrl,
  lock,
  duplicating,
  onEdit,
  onDuplicate,
  onDelete,
}: Props) {
  return (
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
          pending={lock.pending}
          onToggle={lock.onToggle}
        />
        <div className="admin-row-buttons">
          <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${lesson.title}`}>
            Edit
          </Button>
          <Button
            variant="secondary"
            busy={duplicating}
            onClick={onDuplicate}
            aria-label={`Duplicate ${lesson.title}`}
          >
            Duplicate
          </Button>
          <ViewAsLearner to={learnerUrl} title={lesson.title} />
          <Button variant="danger" onClick={onDelete} aria-label={`Delete ${lesson.title}`}>
            Delete
          </Button>
        </div>
      </div>
    </>
  );
}
