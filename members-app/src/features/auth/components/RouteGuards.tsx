import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/Spinner.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { useCurrentUser } from '../api/get-current-user.ts';
import { AdminGate } from './AdminGate.tsx';

/**
 * Spec 000 §6: signed-out visitors of member screens go to /sign-in. An admin's "View as learner" tab
 * needs the admin session instead (its password form when there is none), whoever is signed in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  if (isAdminPreview()) return <AdminGate>{children}</AdminGate>;
  return <RequireLearner>{children}</RequireLearner>;
}

function RequireLearner({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (user.isPending) return <FullPageSpinner />;
  if (user.isError) {
    return (
      <StatusMessage title="Something went wrong">
        We couldn't check your sign-in. Please reload the page.
      </StatusMessage>
    );
  }
  if (!user.data) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** /sign-in is for signed-out visitors; a signed-in one goes to their programmes. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user.isPending) return <FullPageSpinner />;
  if (user.data) return <Navigate to="/my-programs" replace />;
  return <>{children}</>;
}
