import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user.ts';
import { prefetchMyPrograms } from '../features/learning/api/prefetch-my-programs.ts';
import { isAdminPreview } from '../lib/admin-preview.ts';
import { dropEarly } from '../lib/early-answers.ts';
import { forgetLoadFailure } from '../lib/load-failure.ts';
import { startOfflineQueue } from '../lib/offline-queue.ts';
import { queryClient } from '../lib/query-client.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { App } from './App.tsx';
import type { FirstScreen } from './first-screen.ts';

/** The longest the first render waits for the answers its screen needs (see below). */
const FIRST_ANSWERS_WAIT_MS = 2_000;

/**
 * The app itself, started by the entry (main.tsx) with the first screen it has already sent the calls
 * of: the queries below take their answers (lib/early-answers.ts). Not in the admin area nor its
 * learner preview, which ask when they mount.
 */
export function startApp(screen: FirstScreen): void {
  const early: Promise<unknown>[] = [];
  if (!isAdminPreview() && screen.whoIsSignedIn) {
    const whoIsSignedIn = queryClient.prefetchQuery(currentUserQueryOptions());
    if (screen.waitsForWhoIsSignedIn) early.push(whoIsSignedIn);
  }
  if (screen.myPrograms) early.push(prefetchMyPrograms(queryClient));

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  // The first render waits for the answers its screen cannot show without (FIRST_ANSWERS_WAIT_MS at most,
  // and not at all offline; index.html's "Loading..." shows meanwhile): the screen then renders once,
  // with them, rather than once without and again for each answer as it comes, each a long task on a slow
  // phone. It renders as a transition: React renders it in slices, yielding to the browser between them.
  const render = () => {
    dropEarly();
    forgetLoadFailure();
    // The shell's downloads begin once the first screen has what it waited for, not before.
    registerServiceWorker();
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  };
  void Promise.race([
    Promise.all(navigator.onLine ? early : []),
    new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
  ]).then(render, render);

  // Progress made offline reaches the server; the screens then show it.
  startOfflineQueue(() => void queryClient.invalidateQueries());
}
