import { useEffect } from 'react';
import { Button } from '../../../components/Button.tsx';

/**
 * 'Save Ordering' and a note, read out when it changes, saying whether the order on screen is saved.
 * With nothing to save it is aria-disabled, not disabled: once saved, the keyboard's focus stays on it.
 * While the new order is not saved, leaving the page (a reload, a closed tab) asks first.
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
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
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
