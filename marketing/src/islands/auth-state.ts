import { useEffect, useSyncExternalStore } from 'react';
import { hasSignedInHint } from '@sleep-ritual/contracts/signed-in-hint';

/** Authenticated when the current-user call returns a user, anonymous when it answers 401 (spec §4). */
export type AuthState = 'loading' | 'anonymous' | 'signed-in';

let state: AuthState = 'loading';
let started = false;
const listeners = new Set<() => void>();

function settle(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

async function checkCurrentUser(appUrl: string): Promise<AuthState> {
  // Only a browser that signed in here carries the hint; for everyone else the answer is known.
  if (!hasSignedInHint(document.cookie)) return 'anonymous';
  try {
    const response = await fetch(`${appUrl}/api/user`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 401) return 'anonymous';
    if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    const user = (await response.json()) as { email?: unknown } | null;
    return typeof user?.email === 'string' ? 'signed-in' : 'anonymous';
  } catch (error) {
    // A sales page that cannot reach the API still sells: show it as to a signed-out visitor.
    console.warn('Could not check the sign-in state.', error);
    return 'anonymous';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The visitor's sign-in state, shared by every island of the page: the first one to mount makes the
 * one /api/user call (on the members app's origin, with its cookie) and all of them follow its answer.
 */
export function useAuthState(appUrl: string): AuthState {
  useEffect(() => {
    if (started) return;
    started = true;
    void checkCurrentUser(appUrl).then(settle);
  }, [appUrl]);
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => 'loading',
  );
}
