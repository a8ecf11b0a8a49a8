import './lib/zod-without-eval.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
const checksSessionAtOnce =
  pathname === '/sign-in' ||
  pathname === '/account' ||
  pathname.startsWith('/program/') ||
  isMyProgramsPath(pathname);
if (checksSessionAtOnce && !isAdminPreview()) void queryClient.prefetchQuery(currentUserQueryOptions());
if (isMyProgramsPath(pathname)) prefetchMyPrograms(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
// The first render as a transition: React renders it in slices, yielding to the browser between them,
// instead of one long task that would hold a slow phone's main thread (the page shows "Loading..." meanwhile).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

registerServiceWorker();
// Progress made offline reaches the server; the screens then show it.
startOfflineQueue(() => void queryClient.invalidateQueries());
