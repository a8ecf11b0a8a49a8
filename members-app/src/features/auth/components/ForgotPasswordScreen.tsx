import { Link } from 'react-router';
import { forgotPasswordBodySchema } from '@sleep-ritual/contracts/auth';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/FormField.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from './AuthCard.tsx';
import { useEmailForm } from '../use-email-form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot Password');
  const toast = useToast();
  const request = useForgotPassword();
  const { email, setEmail, error, submit } = useEmailForm(forgotPasswordBodySchema, (body) =>
    request.mutate(body, {
      onSuccess: () => toast({ title: 'Reset link sent' }),
      onError: (failure) =>
        toast({
          title: 'Error',
          description: errorMessage(failure, 'Failed to send reset email'),
          variant: 'destructive',
        }),
    }),
  );

  if (request.isSuccess) {
    return (
      <AuthCard title="Check Your Email">
        <p>If an account with that email exists, we've sent you a password reset link.</p>
        <p className="auth-links">
          <Link to="/sign-in">Back to Sign In</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Password">
      <p className="muted">Enter your email and we'll send you a link to choose a new password.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" className="btn-block" busy={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="auth-links">
        <Link to="/sign-in">Back to Sign In</Link>
      </p>
    </AuthCard>
  );
}
