import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_ENDED_STATE } from '../../../lib/password-ended.ts';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { TextField, PasswordField } from '../../../components/FormField.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSchemaSubmit } from '../../../lib/validate.ts';
import { loginErrorMessage, useLogin } from '../api/login.ts';
import { useSignInWithCode } from '../api/sign-in-code.ts';
import { useRequestSignInLink, useSignInWithLink } from '../api/sign-in-link.ts';
import { AuthCard } from './AuthCard.tsx';
import { SignInCodeField } from './SignInCodeField.tsx';
import { useEmailForm } from '../use-email-form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export const REDIRECT_AFTER_LOGIN_MS = 100;

// The contract's schemas load when a form is first sent (by then they are usually here already, for
// the first call's answer): this screen is in the first load, zod is not.
const authSchemas = () => import('@sleep-ritual/contracts/auth');

export function SignInScreen() {
  useDocumentTitle('Sign In');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [byLink, setByLink] = useState(false);
  // The address typed stays when the learner changes the way in, and that form's field takes focus. A
  // screen that knew it (create-account's "Go to Login") hands it over.
  const { state } = useLocation();
  const [email, setEmail] = useState(() => knownEmail(state));
  const [switched, setSwitched] = useState(false);
  const change = (link: boolean) => {
    setByLink(link);
    setSwitched(true);
  };
  if (token) return <LinkSignIn token={token} />;
  const typed = { email, onEmail: setEmail, focusEmail: switched };
  if (byLink) return <SignInLinkRequest {...typed} onBack={() => change(false)} />;
  return <PasswordSignIn {...typed} onUseLink={() => change(true)} />;
}

/** The address a screen before this one passed along as `{ email }`, if any. */
function knownEmail(state: unknown): string {
  const email =
    typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
}

type TypedEmail = { email: string; onEmail: (email: string) => void; focusEmail: boolean };

/** The e-mail field's ref, focused as the form appears when `focus` is set. */
function useEmailFocus(focus: boolean) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) field.current?.focus();
  }, [focus]);
  return field;
}

function PasswordSignIn({ email, onEmail, focusEmail, onUseLink }: TypedEmail & { onUseLink: () => void }) {
  const navigate = useNavigate();
  const login = useLogin();
  const emailField = useEmailFocus(focusEmail);
  const [password, setPassword] = useState('');
  const values = { email, password };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const check = useSchemaSubmit(() => authSchemas().then((m) => m.loginBodySchema), {
    onInvalid: setErrors,
    onValid: (body) => {
      setErrors({});
      login.mutate(body, {
        onSuccess: () => {
          timer.current = window.setTimeout(() => navigate('/my-programs'), REDIRECT_AFTER_LOGIN_MS);
        },
      });
    },
  });
  const submit = (event: FormEvent) => check(event, values);

  return (
    <AuthCard title="Sign In">
      <p className="muted">Welcome back. Settle in for tonight's session.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          ref={emailField}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={(event) => onEmail(event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {login.isError && (
          <p className="form-error" role="alert">
            {loginErrorMessage(login.error)}
          </p>
        )}
        <Button type="submit" className="btn-block" busy={login.isPending || login.isSuccess}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onUseLink}>
          Email me a sign-in link instead
        </button>
      </p>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p className="auth-links">
        New here? <a href="/join-now">Purchase the Program</a>
      </p>
    </AuthCard>
  );
}

/** The second way in: a link e-mailed to the address, which signs in once within 15 minutes. */
function SignInLinkRequest({
  email: typed,
  onEmail,
  focusEmail,
  onBack,
}: TypedEmail & { onBack: () => void }) {
  const request = useRequestSignInLink();
  const emailField = useEmailFocus(focusEmail);
  const { email, setEmail, error, submit } = useEmailForm(
    () => authSchemas().then((m) => m.signInLinkRequestBodySchema),
    (body) => request.mutate(body),
    typed,
  );
  useEffect(() => onEmail(email), [email, onEmail]);

  if (request.isSuccess) {
    return (
      <AuthCard title="Check Your Email" focusTitle>
        <p>{request.data.message}</p>
        <CodeSignIn email={request.variables.email} />
        <p className="auth-links">
          <button type="button" className="link-button" onClick={onBack}>
            Back to Sign In
          </button>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign In">
      <p className="muted">We'll email you a link that signs you in, no password needed.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          ref={emailField}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        {request.isError && (
          <p className="form-error" role="alert">
            {errorMessage(request.error, 'Failed to send the sign-in link')}
          </p>
        )}
        <Button type="submit" className="btn-block" busy={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Sign-In Link'}
        </Button>
      </form>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          Sign in with your password
        </button>
      </p>
    </AuthCard>
  );
}

/**
 * The same e-mail's 6-digit code, typed where the link would open another browser (the installed app
 * keeps cookies of its own). One field, offered the code from the keyboard's suggestions on phones.
 */
function CodeSignIn({ email }: { email: string }) {
  const navigate = useNavigate();
  const signIn = useSignInWithCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const check = useSchemaSubmit(() => authSchemas().then((m) => m.signInWithCodeBodySchema), {
    onInvalid: (errors) => {
      // The field's own message, not beside the refusal of an earlier code.
      signIn.reset();
      setError(errors.code ?? errors.email);
    },
    onValid: (body) => {
      setError(undefined);
      signIn.mutate(body, {
        onSuccess: (answer) => navigate('/my-programs', afterMailedSignIn(answer.passwordEnded)),
      });
    },
  });
  const submit = (event: FormEvent) => check(event, { email, code });

  return (
    <form onSubmit={submit} noValidate className="code-sign-in">
      <SignInCodeField value={code} error={error} onChange={setCode} />
      {signIn.isError && (
        <p className="form-error" role="alert">
          {errorMessage(signIn.error, 'That code did not work. Please try again.')}
        </p>
      )}
      <Button type="submit" className="btn-block" busy={signIn.isPending || signIn.isSuccess}>
        {signIn.isPending ? 'Signing In...' : 'Sign In with Code'}
      </Button>
    </form>
  );
}

/** /sign-in?token=…: the e-mailed link signs the learner in as the page opens. */
function LinkSignIn({ token }: { token: string }) {
  const navigate = useNavigate();
  const signIn = useSignInWithLink();
  const started = useRef(false);
  const { mutate } = signIn;

  useEffect(() => {
    // Once per opening (React may run effects twice in development): the token works only once.
    if (started.current) return;
    started.current = true;
    mutate(token, {
      onSuccess: (answer) => navigate('/my-programs', afterMailedSignIn(answer.passwordEnded)),
    });
  }, [mutate, navigate, token]);

  if (signIn.isError) {
    return (
      <AuthCard title="Invalid Sign-In Link">
        <p>{errorMessage(signIn.error, 'This sign-in link is invalid or has expired.')}</p>
        <ButtonLink to="/sign-in" className="btn-block">
          Back to Sign In
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in...">
      <Spinner label="Signing you in..." />
    </AuthCard>
  );
}

/** Where a mailed sign-in leaves for: My programs, told when the sign-in ended a checkout password. */
function afterMailedSignIn(passwordEnded: true | undefined) {
  return { replace: true, state: passwordEnded ? PASSWORD_ENDED_STATE : undefined };
}
