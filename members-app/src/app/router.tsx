import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { MembersLayout } from '../components/MembersLayout.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { AccountScreen } from '../features/auth/components/AccountScreen.tsx';
import { CreateAccountScreen } from '../features/auth/components/CreateAccountScreen.tsx';
import { ForgotPasswordScreen } from '../features/auth/components/ForgotPasswordScreen.tsx';
import { ResetPasswordScreen } from '../features/auth/components/ResetPasswordScreen.tsx';
import { GuestOnly, RequireAuth } from '../features/auth/components/RouteGuards.tsx';
import { SignInScreen } from '../features/auth/components/SignInScreen.tsx';
import { UnsubscribeScreen } from '../features/auth/components/UnsubscribeScreen.tsx';
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
      { path: '/forgot-password', element: <ForgotPasswordScreen /> },
      { path: '/reset-password', element: <ResetPasswordScreen /> },
      { path: '/create-account', element: <CreateAccountScreen /> },
      // The link in a bedtime reminder: signed, so it works without signing in.
      { path: '/account/unsubscribe', element: <UnsubscribeScreen /> },
      {
        element: (
          <RequireAuth>
            <MembersLayout />
          </RequireAuth>
        ),
        children: [{ path: '/account', element: <AccountScreen /> }, ...learnerRoutes],
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

export const router = createBrowserRouter(routes);
