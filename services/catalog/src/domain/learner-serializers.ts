import type { ClassProgress, PathClass } from '@sleep-ritual/contracts/catalog';
import { isSavableTrack } from '@sleep-ritual/contracts/media-paths';
import { isOpen } from '@sleep-ritual/learning/purchase-access';
import { isoOrNull } from '@sleep-ritual/platform/dates';
import type { PathClassRow } from '../data/learner-paths.ts';
import type { ProgressColumns } from '../data/learner-visibility.ts';

export function toClassProgress(row: ProgressColumns): ClassProgress {
  if (row.maxPositionSec === null) return null;
  return {
    maxPositionSec: row.maxPositionSec,
    durationSeconds: row.durationSeconds,
    percentWatched: row.percentWatched ?? 0,
    completed: row.completed ?? false,
  };
}

/**
 * A class as listed on a path; it can be opened only when it and its path (and phase) are unlocked and
 * its drip day has come (otherwise `opensAt` says when it will).
 */
export function toPathClass(row: PathClassRow, pathUnlocked: boolean): PathClass {
  return {
    id: row.id,
    label: row.label,
    title: row.title,
    description: row.description,
    durationMinutes: row.durationMinutes,
    isUnlocked: pathUnlocked && isOpen(row),
    opensAt: isoOrNull(row.opensAt),
    savableOffline: isSavableTrack(row.audioUrl),
    progress: toClassProgress(row),
  };
}
