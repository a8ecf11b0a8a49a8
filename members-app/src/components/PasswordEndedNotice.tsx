import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_ENDED_STATE } from '../lib/password-ended.ts';

/**
 * After a sign-in by the e-mailed link or code that ended a password set on the checkout page before
 * anyone proved the address (it could have been anyone who typed it): what happened, and how to sign in
 * with a password again. Shown once, on the screen the sign-in led to, until dismissed.
 */
export function PasswordEndedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  if (!(
    state &&
    typeof state === 'object' &&
    'passwordEnded' in state &&
    state.passwordEnded === PASSWORD_ENDED_STATE.passwordEnded
  ))
    return null;
  return (
    <section className="sign-in-notice" aria-labelledby="password-ended-title">
      <h2 id="password-ended-title">Your checkout password has ended</h2>
      <p>
        Signing in from the e-mail proved this address is yours. The password chosen on the checkout page was
        set before that, so it no longer works. To sign in with a password again, set a new one.
      </p>
      <p className="sign-in-notice-actions">
        <Link to="/forgot-password" className="btn btn-secondary">
          Set a new password
        </Link>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => navigate(location.pathname, { replace: true, state: null })}
        >
          Dismiss
        </button>
      </p>
    </section>
  );
}
