import type { FormEvent, ReactNode } from 'react';
import { Button } from '../Button.tsx';
import { UploadsProvider, useUploadsInProgress } from '../../lib/admin/uploads-in-progress.tsx';
import { Modal } from './Modal.tsx';

type Props = {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A create or edit form in a modal: its fields, Cancel and the submit button, which waits while an
 * upload field's file is still on its way.
 */
export function FormDialog({ title, submitLabel, pending, onSubmit, onClose, children }: Props) {
  const { uploading, report } = useUploadsInProgress();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!uploading) onSubmit();
  }
  return (
    <Modal title={title} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <UploadsProvider report={report}>{children}</UploadsProvider>
        <div className="admin-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
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
