import './lib/zod-without-eval.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasSignedInHint } from '@sleep-ritual/contracts/signed-in-hint';
import { App } from './app/App.tsx';
import { currentUserQueryOptions } from './features/auth/api/get-current-user.ts';
import { isMyProgramsPath, prefetchMyPrograms } from './features/learning/api/prefetch-my-programs.ts';
import { isAdminPreview, startAdminPreviewFromAddress } from './lib/admin-preview.ts';
import { startOfflineQueue } from './lib/offline-queue.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

startAdminPreviewFromAddress();
// Who is signed in, asked before the first render rather than from it, where the first screen asks at
// once: sign-in and the members' own screens (not the e-mailed links' pages, which ask later or never,
// nor the admin area and its learner preview). On "Your Programs", where a signed-in learner lands, its
// cards are asked for beside that: their first picture is the page's largest paint.
const { pathname } = window.location;
// Sign-in shows its form without waiting for the check (RouteGuards' GuestOnly); the members' own
// screens show nothing before it has answered, so their first render waits for it (below).
const membersScreen =
  pathname === '/account' || pathname.startsWith('/program/') || isMyProgramsPath(pathname);
const early: Promise<unknown>[] = [];
// Sign-in asks only where a session may have started (GuestOnly).
const signInAsks = pathname === '/sign-in' && hasSignedInHint(document.cookie);
if ((signInAsks || membersScreen) && !isAdminPreview()) {
  const sessionCheck = queryClient.prefetchQuery(currentUserQueryOptions());
  if (membersScreen) early.push(sessionCheck);
}
if (isMyProgramsPath(pathname)) early.push(prefetchMyPrograms(queryClient));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
// The first render waits for the answers its screen cannot show without (FIRST_ANSWERS_WAIT_MS at most,
// and not at all offline; index.html's "Loading..." shows meanwhile): the screen then renders once,
// with them, rather than once without and again for each answer as it comes, each a long task on a slow
// phone. It renders as a transition: React renders it in slices, yielding to the browser between them.
const FIRST_ANSWERS_WAIT_MS = 2_000;
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
void Promise.race([
  Promise.all(navigator.onLine ? early : []),
  new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
]).then(render, render);

registerServiceWorker();
// Progress made offline reaches the server; the screens then show it.
startOfflineQueue(() => void queryClient.invalidateQueries());
