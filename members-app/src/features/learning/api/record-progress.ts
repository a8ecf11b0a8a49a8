import {
  progressRecordSchema,
  type ProgressEvent,
  type ProgressRecord,
} from '@sleep-ritual/contracts/progress';
import { api } from '../../../lib/api-client.ts';

const progressUrl = (classId: number) => `/api/progress/${classId}`;

/** Spec 000 §7: PUT /api/progress/{classId} with one watch event; answers the learner's record. */
export async function recordProgress(classId: number, event: ProgressEvent): Promise<ProgressRecord> {
  return api.put(progressRecordSchema, progressUrl(classId), event);
}

/**
 * The exit event, sent while the page goes away: navigator.sendBeacon survives the unload but can only
 * POST, so the server takes POST on the same path. text/plain keeps the beacon a simple request; when
 * the browser refuses to queue it, a keepalive fetch carries it instead.
 */
export function sendProgressBeacon(classId: number, event: ProgressEvent): void {
  const url = progressUrl(classId);
  const body = JSON.stringify(event);
  if (typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
    } catch {
      // Fall through to fetch.
    }
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    keepalive: true,
  }).catch((error: unknown) => console.warn('Could not record the exit from the class', error));
}
