import { clearQueue } from '../../../lib/offline-queue.ts';
import { clearSavedNights } from '../../../lib/offline-tracks.ts';

/**
 * After the member ended the session here (logout, a deleted account): the nights saved for offline,
 * the answers kept with them and any progress still waiting to be sent leave the device.
 */
export async function clearMemberDevice(): Promise<void> {
  await Promise.all([clearSavedNights(), clearQueue()]).catch(() => undefined);
}
