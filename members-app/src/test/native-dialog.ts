/**
 * jsdom has <dialog> but not showModal() or close(). This stand-in keeps what the admin's dialogs
 * rely on: showModal() opens the dialog as the top modal (the `open` attribute, so it is shown and
 * found by role), close() closes it, and Escape (unless its keydown was prevented) fires a cancelable
 * `cancel` event at the top modal, closing it unless the handler prevents that, as browsers do. Inertness and the top layer are the
 * browser tests' to prove.
 */
const modals: HTMLDialogElement[] = [];

export function installDialogStandIn() {
  // Suites that run in node (the service worker's, the build's) have no DOM at all.
  if (typeof HTMLDialogElement === 'undefined') return;
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this), 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const top = modals[modals.length - 1];
    // A page that took the key (prevented its default) keeps the browser from asking the dialog to close.
    if (event.key !== 'Escape' || !top || event.defaultPrevented) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}

/** Whether `dialog` was opened with showModal() and is still open. */
export function isOpenModal(dialog: HTMLElement): boolean {
  return modals.includes(dialog as HTMLDialogElement) && dialog.hasAttribute('open');
}
