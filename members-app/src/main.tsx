import './lib/zod-without-eval.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { currentUserQueryOptions } from './features/auth/api/get-current-user.ts';
import { signInAsksWhoIsSignedIn } from './features/auth/components/RouteGuards.tsx';
import { isMyProgramsPath, prefetchMyPrograms } from './features/learning/api/prefetch-my-programs.ts';
import { isAdminPreview, startAdminPreviewFromAddress } from './lib/admin-preview.ts';
import { startOfflineQueue } from './lib/offline-queue.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

startAdminPreviewFromAddress();
// Who is signed in, asked before the first render rather than from it, where the first screen asks at
// once: sign-in when it asks at all (GuestOnly), and the members' own screens, which show nothing before
// the answer, so their first render waits for it (below). Not the e-mailed links' pages, which ask later
// or never, nor the admin area and its learner preview. On "Your Programs", where a signed-in learner
// lands, its cards are asked for beside that: their first picture is the page's largest paint.
const { pathname, search } = window.location;
const membersScreen =
  pathname === '/account' || pathname.startsWith('/program/') || isMyProgramsPath(pathname);
const early: Promise<unknown>[] = [];
if (!isAdminPreview()) {
  if (membersScreen) early.push(queryClient.prefetchQuery(currentUserQueryOptions()));
  else if (pathname === '/sign-in' && signInAsksWhoIsSignedIn(search))
    void queryClient.prefetchQuery(currentUserQueryOptions());
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
