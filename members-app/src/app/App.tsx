import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { ToastProvider } from '../components/Toaster.tsx';
import { queryClient } from '../lib/query-client.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { routes } from './router.tsx';

// The plain router: the app has no loaders or actions, so the data router's code stays out of the
// first load (docs/development.md).
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
