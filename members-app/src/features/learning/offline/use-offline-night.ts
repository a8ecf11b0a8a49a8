import { useCallback, useEffect, useState } from 'react';
import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { isSavableTrack } from '@sleep-ritual/contracts/media-paths';
import {
  canSaveOffline,
  removeSavedNight,
  savedNight,
  saveNightOffline,
} from '../../../lib/offline-tracks.ts';

export type OfflineNight =
  | { status: 'checking' | 'unsaved' | 'saving' | 'removing' | 'unavailable' }
  | { status: 'saved'; bytes: number }
  | { status: 'failed'; message: string };

/** Whether one night is saved on this device, and saving or removing it. */
export function useOfflineNight(details: ClassDetails) {
  const [state, setState] = useState<OfflineNight>({
    status: canSaveOffline() && isSavableTrack(details.audioUrl) ? 'checking' : 'unavailable',
  });

  useEffect(() => {
    if (!canSaveOffline() || !isSavableTrack(details.audioUrl)) return;
    let current = true;
    void savedNight(details.id).then(
      (night) => current && setState(night ? { status: 'saved', bytes: night.bytes } : { status: 'unsaved' }),
      () => current && setState({ status: 'unsaved' }),
    );
    return () => {
      current = false;
    };
  }, [details.id, details.audioUrl]);

  const save = useCallback(async () => {
    setState({ status: 'saving' });
    try {
      setState({ status: 'saved', bytes: await saveNightOffline(details) });
    } catch (error) {
      console.warn('Could not save the night for offline', error);
      setState({
        status: 'failed',
        message: navigator.onLine
          ? 'Could not save this night. There may not be enough space on this device.'
          : 'You are offline: connect to save this night.',
      });
    }
  }, [details]);

  const remove = useCallback(async () => {
    setState({ status: 'removing' });
    await removeSavedNight(details.id).catch(() => undefined);
    // What the device holds now, whether the removal went through or not.
    const night = await savedNight(details.id).catch(() => null);
    setState(night ? { status: 'saved', bytes: night.bytes } : { status: 'unsaved' });
  }, [details.id]);

  return { state, save, remove };
}

/** "7.7 MB": the space a saved track takes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
}
