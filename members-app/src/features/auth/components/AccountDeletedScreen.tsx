import { ButtonLink } from '../../../components/Button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * /account/deleted — where a member lands once their account is deleted: a page of its own, loaded
 * afresh, so nothing of the account is left on screen or in memory, and left when they choose.
 */
export function AccountDeletedScreen() {
  useDocumentTitle('Account deleted');
  return (
    <AuthCard title="Your Account Has Been Deleted">
      <p>
        Your progress, reminders and personal details are erased, and you are signed out everywhere.
        Goodnight, and thank you for listening.
      </p>
      <ButtonLink to="/" className="btn-block">
        Go to the home page
      </ButtonLink>
    </AuthCard>
  );
}
