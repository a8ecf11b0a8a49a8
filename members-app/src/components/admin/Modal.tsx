import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../Button.tsx';
import { useToastLayer } from '../Toaster.tsx';

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
 * A native modal <dialog>, labelled by its title. showModal() makes the page behind it inert (neither
 * focusable nor read) and puts it in the top layer; Escape closes it through onClose. Focus goes to
 * its first form field (else its first control) and back to the opener when it closes, or to the
 * page's main area when the opener is gone. Toasts shown meanwhile appear inside it, above the backdrop.
 */
export function Modal({ title, onClose, children, role = 'dialog', describedBy }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useToastLayer(dialog);

  // Layout effects: opened before the first paint, closed while the element is still in the document.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    element.querySelector<HTMLElement>('input, select, textarea')?.focus();
    return () => {
      element.close();
      if (opener?.isConnected) opener.focus();
      else document.getElementById('main')?.focus();
    };
  }, []);

  // Escape: the screen closes the dialog by unmounting it, so the browser's own close is held back. The
  // key is taken here, before the browser turns it into a close request: by the close-watcher rules a
  // browser may make a second Escape without user activation between an uncancelable close, which
  // would hide a form whose changes the admin chose to keep. A dialog opened from this one has had its
  // Escape first.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close.current();
  }
  // Any other way the browser asks to close (a phone's back gesture): the same.
  function onCancel(event: SyntheticEvent) {
    event.preventDefault();
    close.current();
  }

  return createPortal(
    <dialog
      ref={dialog}
      className="admin-modal"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>,
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
        <Button variant="danger" onClick={onConfirm} busy={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
