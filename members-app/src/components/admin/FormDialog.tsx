import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button.tsx';
import { useAskBeforeLeaving } from '../../lib/admin/ask-before-leaving.ts';
import { UNSAVED } from '../../lib/admin/messages.ts';
import { UploadsProvider, useUploadsInProgress } from '../../lib/admin/uploads-in-progress.tsx';
import { Modal } from './Modal.tsx';

type Props = {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** Fields changed and not saved: Cancel and Escape ask before the changes go, a reload too. */
  unsaved: boolean;
  /** What kept the whole form from saving (a change made meanwhile elsewhere), above its buttons. */
  problem?: string;
  children: ReactNode;
};

/**
 * A create or edit form in a modal: its fields, Cancel and the submit button, which waits while an
 * upload field's file is still on its way. Changes typed and not saved are not dropped without asking.
 */
export function FormDialog({
  title,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  unsaved,
  problem,
  children,
}: Props) {
  const { uploading, report } = useUploadsInProgress();
  useAskBeforeLeaving(unsaved, UNSAVED.leave);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!uploading) onSubmit();
  }
  function cancel() {
    if (!unsaved || window.confirm(UNSAVED.discard)) onClose();
  }
  return (
    <Modal title={title} onClose={cancel}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <UploadsProvider report={report}>{children}</UploadsProvider>
        <FormProblem problem={problem} />
        <div className="admin-dialog-actions">
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" busy={pending || uploading}>
            {pending ? 'Saving...' : uploading ? 'Uploading...' : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A message about the whole form, read out when it appears. */
export function FormProblem({ problem }: { problem: string | undefined }) {
  return problem ? (
    <p className="field-error" role="alert">
      {problem}
    </p>
  ) : null;
}
