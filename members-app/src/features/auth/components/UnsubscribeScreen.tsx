import { useSearchParams } from 'react-router';
import { reminderMessages } from '@sleep-ritual/contracts/reminders';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUnsubscribeLink, useUnsubscribeReminders } from '../api/unsubscribe-reminders.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * /account/unsubscribe?token=… — the page a reminder e-mail's "Turn off bedtime reminders" link opens.
 * No sign-in needed: the signed token is the proof. It asks before turning anything off, because mail
 * scanners open links too; mail apps' own unsubscribe button posts to the API in one click instead.
 */
export function UnsubscribeScreen() {
  useDocumentTitle('Bedtime reminders');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribeReminders();
  const back = (
    <ButtonLink to="/account" variant="secondary" className="btn-block">
      Go to my account
    </ButtonLink>
  );

  if (!token || link.isError) {
    return (
      <AuthCard title="Invalid Unsubscribe Link">
        <p>{token ? errorMessage(link.error, reminderMessages.invalidLink) : reminderMessages.invalidLink}</p>
        {back}
      </AuthCard>
    );
  }
  if (link.isPending) {
    return (
      <AuthCard title="Bedtime Reminders">
        <Spinner label="Checking your link..." />
      </AuthCard>
    );
  }
  if (unsubscribe.isSuccess || !link.data.enabled) {
    return (
      <AuthCard title="Bedtime Reminders Are Off">
        <p role="status">
          You won't get the nightly reminder any more. You can turn it on again from your account.
        </p>
        {back}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Turn Off Bedtime Reminders?">
      <p>You'll stop getting the e-mail at bedtime with the night to listen to.</p>
      {unsubscribe.isError && (
        <p className="form-error" role="alert">
          {errorMessage(unsubscribe.error, 'Could not turn the reminders off. Please try again.')}
        </p>
      )}
      <Button
        className="btn-block"
        busy={unsubscribe.isPending}
        aria-busy={unsubscribe.isPending || undefined}
        onClick={() => unsubscribe.mutate(token)}
      >
        {unsubscribe.isPending ? 'Turning off...' : 'Turn off reminders'}
      </Button>
    </AuthCard>
  );
}
