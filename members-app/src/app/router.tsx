import { lazy, Suspense } from 'react';
import { ACCOUNT_DELETED_ROUTE } from '@sleep-ritual/contracts/app-routes';
import type { RouteObject } from 'react-router';
import { MembersLayout } from '../components/MembersLayout.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { GuestOnly, RequireAuth } from '../features/auth/components/RouteGuards.tsx';
import { SignInScreen } from '../features/auth/components/SignInScreen.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { RootLayout } from './RootLayout.tsx';
import { learnerRoutes } from './routes/learner-routes.tsx';

const AdminArea = lazy(() => import('./routes/admin-routes.tsx'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/sign-in',
        element: (
          <GuestOnly>
            <SignInScreen />
          </GuestOnly>
        ),
      },
      {
        path: '/forgot-password',
        element: lazyScreen(() =>
          import('../features/auth/components/ForgotPasswordScreen.tsx').then((m) => m.ForgotPasswordScreen),
        ),
      },
      {
        path: '/reset-password',
        element: lazyScreen(() =>
          import('../features/auth/components/ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen),
        ),
      },
      {
        path: '/create-account',
        element: lazyScreen(() =>
          import('../features/auth/components/CreateAccountScreen.tsx').then((m) => m.CreateAccountScreen),
        ),
      },
      // The link in a bedtime reminder: signed, so it works without signing in.
      {
        path: '/account/unsubscribe',
        element: lazyScreen(() =>
          import('../features/auth/components/UnsubscribeScreen.tsx').then((m) => m.UnsubscribeScreen),
        ),
      },
      {
        // A signed-in member who opens it (a bookmark) has an account: they go to their programmes.
        path: ACCOUNT_DELETED_ROUTE,
        element: (
          <GuestOnly>
            {lazyScreen(() =>
              import('../features/auth/components/AccountDeletedScreen.tsx').then(
                (m) => m.AccountDeletedScreen,
              ),
            )}
          </GuestOnly>
        ),
      },
      {
        element: (
          <RequireAuth>
            <MembersLayout />
          </RequireAuth>
        ),
        children: [
          {
            path: '/account',
            element: lazyScreen(() =>
              import('../features/auth/components/AccountScreen.tsx').then((m) => m.AccountScreen),
            ),
          },
          ...learnerRoutes,
        ],
      },
      {
        path: '/admin/*',
        element: (
          <Suspense fallback={<FullPageSpinner label="Loading..." />}>
            <AdminArea />
          </Suspense>
        ),
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
