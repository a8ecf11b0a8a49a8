import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordBodySchema } from '@sleep-ritual/contracts/auth';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { validate } from '../../../lib/validate.ts';
import { useResetTokenCheck } from '../api/check-reset-token.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function ResetPasswordScreen() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const reset = useResetPassword();
  // The link is checked when the page opens, so a used or expired one never shows the form.
  const check = useResetTokenCheck(token);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!reset.isSuccess && check.isPending && token) {
    return (
      <AuthCard title="Choose a New Password">
        <Spinner label="Checking your link..." />
      </AuthCard>
    );
  }

  if (!token || (!reset.isSuccess && check.data?.valid === false)) {
    return (
      <AuthCard title="Invalid Reset Link">
        <p>This password reset link is invalid or has expired.</p>
        <ButtonLink to="/forgot-password" className="btn-block">
          Request a New Link
        </ButtonLink>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password Reset Successful">
        <p>Your new password is set. Sign in with it to continue your ritual.</p>
        <ButtonLink to="/sign-in" className="btn-block">
          Continue to Sign In
        </ButtonLink>
      </AuthCard>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(resetPasswordBodySchema, { ...values, token });
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    reset.mutate(result.data, {
      onSuccess: () => toast({ title: 'Password reset successful' }),
      onError: (failure) =>
        toast({
          title: 'Error',
          description: errorMessage(failure, 'Failed to reset password'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <AuthCard title="Choose a New Password">
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          values={values}
          errors={{ ...errors, password: errors.password ?? errors.token }}
          onChange={setValues}
          passwordLabel="New password"
        />
        <Button type="submit" className="btn-block" busy={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="auth-links">
        <Link to="/sign-in">Back to Sign In</Link>
      </p>
    </AuthCard>
  );
}
