import { Button } from '../../../components/Button.tsx';
import { useAskBeforeLeaving } from '../../../lib/admin/ask-before-leaving.ts';

export const LEAVE_UNSAVED_ORDER = 'The new order is not saved. Leave without saving it?';

/**
 * 'Save Ordering' and a note, read out when it changes, saying whether the order on screen is saved.
 * With nothing to save it is aria-disabled, not disabled: once saved, the keyboard's focus stays on it.
 * While the new order is not saved, leaving the screen asks first.
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
  useAskBeforeLeaving(changed, LEAVE_UNSAVED_ORDER);
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
