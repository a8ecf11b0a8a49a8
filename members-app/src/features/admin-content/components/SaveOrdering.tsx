import { useEffect } from 'react';
import { Button } from '../../../components/Button.tsx';

export const LEAVE_UNSAVED_ORDER = 'The new order is not saved. Leave without saving it?';

/**
 * A click that follows a link of the app to another screen: the one an unsaved order is asked about.
 * A new tab (a modifier key, target) leaves this one as it is.
 */
function leavesScreen(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return false;
  return link.origin === window.location.origin && link.pathname !== window.location.pathname;
}

/**
 * 'Save Ordering' and a note, read out when it changes, saying whether the order on screen is saved.
 * With nothing to save it is aria-disabled, not disabled: once saved, the keyboard's focus stays on it.
 * While the new order is not saved, leaving the screen asks first: a reload or a closed tab (the
 * browser's own question) and a link of the app (the router has no blocker: the click is asked about
 * before the link sees it, in the capture phase).
 */
export function SaveOrdering({
  changed,
  pending,
  onSave,
}: {
  changed: boolean;
  pending: boolean;
  onSave: () => void;
}) {
  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    const askAtLink = (event: MouseEvent) => {
      if (leavesScreen(event) && !window.confirm(LEAVE_UNSAVED_ORDER)) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    document.addEventListener('click', askAtLink, true);
    return () => {
      window.removeEventListener('beforeunload', ask);
      document.removeEventListener('click', askAtLink, true);
    };
  }, [changed]);
  return (
    <div className="admin-save-order">
      <p className="muted" role="status">
        {changed ? 'The new order is not saved yet.' : 'Drag a row by its handle to change the order.'}
      </p>
      <Button busy={!changed || pending} onClick={onSave}>
        {pending ? 'Saving...' : 'Save Ordering'}
      </Button>
    </div>
  );
}
