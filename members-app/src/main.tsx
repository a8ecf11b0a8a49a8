import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startAdminPreviewFromAddress } from './lib/admin-preview.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/global.css';

startAdminPreviewFromAddress();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
