import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { OfflineState } from '../../../components/OfflineState.tsx';
import { FullPageSpinner } from '../../../components/Spinner.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { isNetworkFailure } from '../../../lib/offline-queue.ts';
import { pruneSavedNights } from '../../../lib/offline-tracks.ts';
import { useCurrentUser } from '../api/get-current-user.ts';
import { signInAsksWhoIsSignedIn } from '../lib/sign-in-asks.ts';
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
  const userId = user.data?.id;
  useEffect(() => {
    // Once signed in and online: saved nights the learner can no longer open leave the device.
    if (userId !== undefined && navigator.onLine) void pruneSavedNights(userId).catch(() => undefined);
  }, [userId]);
  if (user.isPending) return <FullPageSpinner />;
  // A learner already let in stays in whatever a later check meets (a refetch on reconnecting, on a
  // flaky connection or a restarting server): a night playing must not be taken off the screen.
  const failed = user.isLoadingError;
  // Offline (the installed app in airplane mode): what is saved and how to listen, not an error.
  if (failed && isNetworkFailure(user.error)) return <OfflineState />;
  if (failed) {
    return (
      <StatusMessage title="Something went wrong">
        We couldn't check your sign-in. Please reload the page.
      </StatusMessage>
    );
  }
  if (!user.data) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/**
 * /sign-in is for signed-out visitors; a signed-in one goes to their programmes. Nearly everyone who
 * opens it is signed out, so the form shows at once and the check only sends a signed-in visitor on.
 * An e-mailed sign-in link (`?token=`) waits for the check: it signs in as soon as it shows, and a
 * visitor already signed in (someone else, on a shared device) keeps their session and the link.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const user = useCurrentUser({ enabled: signInAsksWhoIsSignedIn(search) });
  if (user.isPending && new URLSearchParams(search).has('token')) return <FullPageSpinner />;
  if (user.data) return <Navigate to="/my-programs" replace />;
  return <>{children}</>;
}
