import { clearQueue } from '../../../lib/offline-queue.ts';
import { clearSavedNights } from '../../../lib/offline-tracks.ts';

/**
 * After the session ended (logout, a deleted account, a 401 from the server): the nights saved for
 * offline, the answers kept with them and any progress still waiting to be sent leave the device.
 * A module of its own, without schemas: the first load asks who is signed in and may need it.
 */
export async function clearMemberDevice(): Promise<void> {
  await Promise.all([clearSavedNights(), clearQueue()]).catch(() => undefined);
}
