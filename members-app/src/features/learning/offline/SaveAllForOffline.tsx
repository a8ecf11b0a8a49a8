import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isSavableTrack } from '@sleep-ritual/contracts/media-paths';
import { Button } from '../../../components/Button.tsx';
import { canSaveOffline, savedNight, saveNightOffline } from '../../../lib/offline-tracks.ts';
import { classDetailsQueryOptions } from '../api/get-class-details.ts';
import { focusElement } from '../../../lib/focus-screen.ts';
import { formatBytes } from './use-offline-night.ts';

type State =
  | { status: 'checking' | 'unsaved' }
  | { status: 'saving'; done: number; total: number }
  | { status: 'saved'; count: number; bytes: number }
  | { status: 'failed' };

/**
 * "Save all nights for offline" on a path page: every open night whose track can be saved
 * (`classIds`), one after the other. When they are all on the device it says so, with the space they
 * take.
 */
export function SaveAllForOffline({ classIds }: { classIds: readonly number[] }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'checking' });
  const key = classIds.join(',');
  // Once saved by the button, the button goes: the keyboard's focus moves to what is said instead.
  const savedNote = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (state.status === 'saved' && pressed.current && savedNote.current) focusElement(savedNote.current);
  }, [state.status]);

  useEffect(() => {
    let current = true;
    void Promise.all(classIds.map((id) => savedNight(id))).then((nights) => {
      if (!current) return;
      const saved = nights.filter((night) => night !== null);
      setState(
        saved.length > 0 && saved.length === classIds.length
          ? {
              status: 'saved',
              count: saved.length,
              bytes: saved.reduce((sum, night) => sum + night.bytes, 0),
            }
          : { status: 'unsaved' },
      );
    });
    return () => {
      current = false;
    };
    // The ids, not a new array on each render, decide whether to look again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!canSaveOffline() || classIds.length === 0 || state.status === 'checking') return null;

  async function saveAll() {
    const total = classIds.length;
    pressed.current = document.activeElement?.classList.contains('offline-save-all') ?? false;
    setState({ status: 'saving', done: 0, total });
    let count = 0;
    let bytes = 0;
    try {
      for (const [index, id] of classIds.entries()) {
        const details = await queryClient.fetchQuery(classDetailsQueryOptions(id));
        if (isSavableTrack(details.audioUrl)) {
          bytes += await saveNightOffline(details);
          count += 1;
        }
        setState({ status: 'saving', done: index + 1, total });
      }
      setState({ status: 'saved', count, bytes });
    } catch (error) {
      console.warn('Could not save the nights for offline', error);
      setState({ status: 'failed' });
    }
  }

  return (
    <div className="offline-save is-page">
      {state.status === 'saved' ? (
        <p className="offline-save-status" ref={savedNote}>
          <span aria-hidden="true">✓</span> {state.count === 1 ? '1 night' : `${state.count} nights`} saved
          for offline · {formatBytes(state.bytes)}
        </p>
      ) : (
        <Button
          variant="ghost"
          className="offline-save-all"
          onClick={() => void saveAll()}
          busy={state.status === 'saving'}
          aria-busy={state.status === 'saving' || undefined}
        >
          {state.status === 'saving'
            ? `Saving for offline… ${state.done} of ${state.total}`
            : 'Save all nights for offline'}
        </Button>
      )}
      <p className="offline-save-note" role="status">
        {state.status === 'failed' ? 'Could not save every night. Please try again when you are online.' : ''}
      </p>
    </div>
  );
}
