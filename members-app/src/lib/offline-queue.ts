/**
 * Progress and completions made offline (a saved night listened to in airplane mode), and those the
 * server answered "later" (a restart mid-night; see waitsAfterAnswer), wait in IndexedDB and are
 * sent, oldest first, at the next start, on the browser's `online` event and when the app comes back
 * into view. Only the progress calls wait; anything else fails as usual.
 */

import type { CompletionReason } from '@sleep-ritual/contracts/progress';

export type QueuedRequest = { method: 'PUT' | 'POST'; url: string; body: unknown };

/** Where queued requests wait: IndexedDB in the browser, a plain list in a test. */
export type QueueStore = {
  add(request: QueuedRequest): Promise<void>;
  /** The oldest first, each with the key that removes it. */
  all(): Promise<{ key: IDBValidKey; request: QueuedRequest }[]>;
  remove(key: IDBValidKey): Promise<void>;
  /** Everything waiting goes (the member signed out, or deleted the account). */
  clear(): Promise<void>;
};

const DATABASE = 'sleep-ritual-offline';
const STORE = 'pending-progress';

const ASLEEP: CompletionReason = 'asleep';

/**
 * The calls that wait for the network (or for a server that answered "later") instead of being lost:
 * those that sending again cannot undo a newer one with. Watch events merge (the furthest position,
 * plays by id); the sleep timer's completion only completes. A completion set or undone by hand does not
 * wait: the screen says it failed and asks the learner to try again, and a copy sent later could undo
 * what they did since. The one rule for a call that did not reach the server, one the server answered
 * "later" (the api client, the exit's keepalive fetch) and one sent from the queue.
 */
export function waitsForNetwork(queued: QueuedRequest): boolean {
  if (!(queued.method === 'PUT' || queued.method === 'POST')) return false;
  if (!/^\/api\/progress\/\d+(\/completion)?$/.test(queued.url)) return false;
  return (
    !queued.url.endsWith('/completion') || (queued.body as { reason?: unknown } | null)?.reason === ASLEEP
  );
}

/** Whether a progress call the server answered with `status` waits to be sent again (waitsForNetwork). */
export function waitsAfterAnswer(queued: QueuedRequest, status: number): boolean {
  return answersLater(status) && waitsForNetwork(queued);
}

/** A failure to reach the server at all (fetch's TypeError), as opposed to an answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error ?? new Error('IndexedDB failed'));
  });
}

function indexedDbStore(): QueueStore | null {
  if (typeof indexedDB === 'undefined') return null;
  let opened: Promise<IDBDatabase> | undefined;
  const database = () => {
    if (!opened) {
      const opening = indexedDB.open(DATABASE, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { autoIncrement: true });
      opened = request(opening);
    }
    return opened;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await database()).transaction(STORE, mode).objectStore(STORE);
  return {
    async add(queued) {
      await request((await store('readwrite')).add(queued));
    },
    async all() {
      const objects = await store('readonly');
      const [keys, values] = await Promise.all([
        request(objects.getAllKeys()),
        request(objects.getAll() as IDBRequest<QueuedRequest[]>),
      ]);
      // getAllKeys and getAll of one store answer in the same order, one value per key.
      return keys.flatMap((key, index) => {
        const queued = values[index];
        return queued ? [{ key, request: queued }] : [];
      });
    },
    async remove(key) {
      await request((await store('readwrite')).delete(key));
    },
    async clear() {
      await request((await store('readwrite')).clear());
    },
  };
}

let defaultStore: QueueStore | null | undefined;
const browserStore = () => (defaultStore === undefined ? (defaultStore = indexedDbStore()) : defaultStore);

/**
 * Keeps a progress call that could not reach the server, stamped with when it was made (`recorded_at`:
 * the night was listened to then, not when the network returns); false where there is nowhere to keep
 * it.
 */
export async function queueForLater(queued: QueuedRequest, store = browserStore()): Promise<boolean> {
  if (!store) return false;
  const { body } = queued;
  const stamped =
    body !== null && typeof body === 'object' ? { ...body, recorded_at: new Date().toISOString() } : body;
  await store.add({ ...queued, body: stamped });
  return true;
}

let flushing: Promise<number> | null = null;

/**
 * An answer that says to try again later: the server or a proxy failed (5xx: a restart, an outage), or
 * it asked for a pause (408, 429). Sent again later, the call is taken.
 */
const answersLater = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * A call still answered "later" a day after it was made is dropped, so that one the server can never
 * take does not hold back every call after it (the server keeps no more than a day of `recorded_at`).
 */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const madeLongAgo = (queued: QueuedRequest) => {
  const made = Date.parse(String((queued.body as { recorded_at?: unknown } | null)?.recorded_at));
  return Date.now() - made > GIVE_UP_AFTER_MS;
};

/**
 * Sends what waits, oldest first, and answers how many were delivered. An answer from the server, even
 * a refusal, takes the call out of the queue (sending it again would change nothing); a network failure,
 * or an answer that says to try again later, stops, keeping it and the rest for the next time (for a day).
 */
export function flushQueue(
  store = browserStore(),
  send: (queued: QueuedRequest) => Promise<Response> = (queued) =>
    fetch(queued.url, {
      method: queued.method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(queued.body),
    }),
): Promise<number> {
  if (!store) return Promise.resolve(0);
  flushing ??= (async () => {
    let delivered = 0;
    try {
      for (const { key, request: queued } of await store.all()) {
        // Kept by an earlier version (a completion set by hand): never sent behind the learner's back.
        if (!waitsForNetwork(queued)) {
          await store.remove(key);
          continue;
        }
        let answer: Response;
        try {
          answer = await send(queued);
        } catch {
          break;
        }
        if (waitsAfterAnswer(queued, answer.status) && !madeLongAgo(queued)) break;
        await store.remove(key);
        delivered += 1;
      }
    } finally {
      flushing = null;
    }
    return delivered;
  })();
  return flushing;
}

/**
 * Forgets what waits, when the member signs out or deletes the account: on a shared phone it would
 * otherwise be sent for whoever signs in next. What still waits then (offline, or answered "later" by a
 * server that has not come back) goes unsent.
 */
export async function clearQueue(store = browserStore()): Promise<void> {
  await store?.clear();
}

/**
 * Sends what waited at start, again whenever the network returns, and whenever the app comes back into
 * view: the morning after a night whose last call the server answered "later" (a restart at 2 a.m.), with
 * the app left open, the network never went and the app never started again. `onDelivered` hears of it.
 */
export function startOfflineQueue(
  onDelivered: () => void,
  send: () => Promise<number> = () => flushQueue(),
): void {
  const flush = () => {
    void send()
      .then((count) => {
        if (count > 0) onDelivered();
      })
      .catch((error: unknown) => console.warn('Could not send the progress made offline', error));
  };
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flush();
  });
  flush();
}
