import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/Button.tsx';
import { PasswordField } from '../../../components/FormField.tsx';
import { FullPageSpinner } from '../../../components/Spinner.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSchemaSubmit } from '../../../lib/validate.ts';
import { useAdminCheck, useAdminSignIn } from '../api/admin-session.ts';
import { authKeys } from '../api/keys.ts';

export const ADMIN_RECHECK_MS = 100;

/**
 * An admin call refused for want of an admin session (signed out in another tab, the admin password
 * changed, the session expired): the gate asks again, and the screen becomes the password form, rather
 * than every action failing with "Admin sign-in required." until a reload. The check's own answer is
 * left alone.
 */
function useRecheckWhenRefused() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401)
        void queryClient.invalidateQueries({ queryKey: authKeys.adminCheck() });
    };
    const checkHash = JSON.stringify(authKeys.adminCheck());
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.query.queryHash !== checkHash)
        recheck(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

/** Spec 001 §2 and §6: every admin screen shows the password form until the session is an admin one. */
export function AdminGate({ children }: { children: ReactNode }) {
  const check = useAdminCheck();
  useRecheckWhenRefused();
  if (check.isPending) return <FullPageSpinner label="Loading..." />;
  // The check itself failed (the sign-in service down): not a reason to ask for the password again.
  if (check.isError && !check.data) {
    return (
      <main id="main" className="auth-page">
        <StatusMessage
          title="The admin area cannot be reached"
          action={<Button onClick={() => void check.refetch()}>Try Again</Button>}
        >
          {errorMessage(
            check.error,
            'Whether you are signed in could not be checked. Try again in a moment.',
          )}
        </StatusMessage>
      </main>
    );
  }
  if (!check.data?.isAdmin) return <AdminPasswordForm />;
  return <>{children}</>;
}

function AdminPasswordForm() {
  const queryClient = useQueryClient();
  const signIn = useAdminSignIn();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // The contract's schema loads when the form is sent: this gate is in the first load, zod is not.
  const check = useSchemaSubmit(
    () => import('@sleep-ritual/contracts/auth').then((m) => m.adminAuthBodySchema),
    { onInvalid: (errors) => setError(errors.password), onValid: sendPassword },
  );
  const submit = (event: FormEvent) => check(event, { password });

  function sendPassword(body: { password: string }) {
    setError(undefined);
    signIn.mutate(body, {
      onSuccess: () => {
        toast({
          title: 'Access granted',
          description: 'Welcome to the admin panel',
          kind: 'admin-sign-in',
        });
        timer.current = window.setTimeout(
          () => queryClient.invalidateQueries({ queryKey: authKeys.adminCheck() }),
          ADMIN_RECHECK_MS,
        );
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 401) {
          setError('Invalid password');
          toast({
            title: 'Access denied',
            description: 'Invalid admin password',
            variant: 'destructive',
            kind: 'admin-sign-in',
          });
        } else {
          toast({
            title: 'Error',
            description:
              failure instanceof ApiError && failure.status === 429
                ? failure.serverMessage
                : 'Failed to authenticate',
            variant: 'destructive',
            kind: 'admin-sign-in',
          });
        }
      },
    });
  }

  return (
    <main id="main" className="auth-page">
      <section className="auth-card" aria-labelledby="admin-title">
        <h1 id="admin-title">Admin Access</h1>
        <p className="muted">Enter the admin password to manage the programme.</p>
        <form onSubmit={submit} noValidate>
          <PasswordField
            label="Admin password"
            name="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" className="btn-block" busy={signIn.isPending}>
            {signIn.isPending ? 'Checking...' : 'Sign In'}
          </Button>
        </form>
      </section>
    </main>
  );
}
