import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { Modal } from './Modal.tsx';

type Props = {
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A create or edit form in a modal: its fields, Cancel and the submit button. */
export function FormDialog({ title, submitLabel, pending, onSubmit, onClose, children }: Props) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Modal title={title} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        {children}
        <div className="admin-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
