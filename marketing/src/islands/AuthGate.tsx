import { useEffect } from 'react';
import { useAuthState } from './auth-state.ts';

type Props = { appUrl: string; checkingLabel: string };

/**
 * The sales landing page is for signed-out visitors: while the sign-in state loads a spinner shows,
 * and a signed-in visitor is sent on to their programmes.
 */
export default function AuthGate({ appUrl, checkingLabel }: Props) {
  const auth = useAuthState(appUrl);

  useEffect(() => {
    if (auth === 'signed-in') window.location.replace(`${appUrl}/my-programs`);
    if (auth === 'anonymous') document.documentElement.classList.remove('auth-checking');
  }, [auth, appUrl]);

  if (auth === 'anonymous') return null;
  return (
    <span className="auth-spinner" role="status">
      <span className="auth-spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{checkingLabel}</span>
    </span>
  );
}
