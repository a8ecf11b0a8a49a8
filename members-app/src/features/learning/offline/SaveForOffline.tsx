import { useState } from 'react';
import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { formatBytes, useOfflineNight } from './use-offline-night.ts';

/**
 * "Save for offline" for an owned night with a track: keeps it on this device for listening without a
 * network; once saved it reads "Saved for offline" with the space used, and offers to remove it.
 * `tone` matches the page (light buttons) or listen mode (dark text buttons).
 */
export function SaveForOffline({
  details,
  tone = 'page',
}: {
  details: ClassDetails;
  tone?: 'page' | 'listen';
}) {
  const { state, save, remove } = useOfflineNight(details);
  // What a press did is said once it is done (the button's new name alone may go unread).
  const [pressed, setPressed] = useState(false);
  if (state.status === 'unavailable' || state.status === 'checking') return null;
  const buttonClass = tone === 'listen' ? 'listen-text-button' : 'btn btn-ghost';
  const saved = state.status === 'saved' || state.status === 'removing';
  const busy = state.status === 'saving' || state.status === 'removing';
  // One button, saving then removing: the keyboard's focus stays on it through both (a button taken
  // away, or disabled, would throw it to the page).
  return (
    <div className={`offline-save is-${tone}`}>
      {saved && (
        <p className="offline-save-status">
          <span aria-hidden="true">✓</span> Saved for offline
          {state.status === 'saved' && ` · ${formatBytes(state.bytes)}`}
        </p>
      )}
      <button
        type="button"
        className={buttonClass}
        onClick={() => {
          if (busy) return;
          setPressed(true);
          void (saved ? remove() : save());
        }}
        aria-disabled={busy || undefined}
        aria-busy={state.status === 'saving' || undefined}
        aria-label={saved ? `Remove "${details.title}" from this device` : undefined}
      >
        {saved ? 'Remove' : state.status === 'saving' ? 'Saving for offline…' : 'Save for offline'}
      </button>
      <p className="offline-save-note" role="status">
        {state.status === 'failed'
          ? state.message
          : pressed && state.status === 'saved'
            ? 'Saved on this device.'
            : pressed && state.status === 'unsaved'
              ? 'Removed from this device.'
              : ''}
      </p>
    </div>
  );
}
