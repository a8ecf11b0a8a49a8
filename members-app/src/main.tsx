import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startAdminPreviewFromAddress } from './lib/admin-preview.ts';
import { startOfflineQueue } from './lib/offline-queue.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

startAdminPreviewFromAddress();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
// Progress made offline reaches the server; the screens then show it.
startOfflineQueue(() => void queryClient.invalidateQueries());
