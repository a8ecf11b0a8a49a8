import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../components/Button.tsx';
import { useFocusTrap } from '../../../lib/use-focus-trap.ts';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations: screen readers read the question at once. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (the confirmation's question). */
  describedBy?: string;
};

/**
 * An accessible modal: labelled by its title, keyboard focus kept inside while it is open and given
 * back to where it was when it closes, Escape closes it.
 */
export function Modal({ title, onClose, children, role = 'dialog', describedBy }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onKeyDown = useFocusTrap(panel, onClose);

  return createPortal(
    <div className="admin-modal-backdrop">
      <div
        ref={panel}
        className="admin-modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}

type ConfirmProps = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** What the confirming button says while the action runs. */
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A delete (or other destructive) confirmation: the question, Cancel (focused first, the safe choice) and the action. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  pendingLabel = 'Deleting...',
  pending,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="admin-dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
