import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { loginBodySchema } from '@sleep-ritual/contracts/auth';
import { Button } from '../../../components/Button.tsx';
import { TextField, PasswordField } from '../../../components/FormField.tsx';
import { validate } from '../../../lib/validate.ts';
import { loginErrorMessage, useLogin } from '../api/login.ts';
import { AuthCard } from './AuthCard.tsx';

export const REDIRECT_AFTER_LOGIN_MS = 100;

export function SignInScreen() {
  const navigate = useNavigate();
  const login = useLogin();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(loginBodySchema, values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    login.mutate(result.data, {
      onSuccess: () => {
        timer.current = window.setTimeout(() => navigate('/my-programs'), REDIRECT_AFTER_LOGIN_MS);
      },
    });
  }

  return (
    <AuthCard title="Sign In">
      <p className="muted">Welcome back. Settle in for tonight's session.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
        {login.isError && (
          <p className="form-error" role="alert">
            {loginErrorMessage(login.error)}
          </p>
        )}
        <Button type="submit" className="btn-block" disabled={login.isPending || login.isSuccess}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p className="auth-links">
        New here? <a href="/join-now">Purchase the Program</a>
      </p>
    </AuthCard>
  );
}
