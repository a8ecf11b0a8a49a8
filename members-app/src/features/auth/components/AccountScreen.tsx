import { Button } from '../../../components/Button.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { supportEmail } from '../../../lib/public-config.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCurrentUser } from '../api/get-current-user.ts';
import { useLogout } from '../api/logout.ts';
import { DeleteMyAccount, DownloadMyData } from './AccountRights.tsx';
import { BedtimeReminderSettings } from './BedtimeReminderSettings.tsx';

export function AccountScreen() {
  useDocumentTitle('Account');
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const toast = useToast();
  // Offline (the installed app in bed): what needs the server says it waits for it.
  const online = useOnline();

  function signOut() {
    logout.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Signed out successfully', description: 'You have been logged out of your account.' }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to sign out. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  return (
    <section className="content-narrow" aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      <dl className="account-details">
        <div>
          <dt>Email</dt>
          <dd>{user?.email}</dd>
        </div>
        <div>
          <dt>Support</dt>
          <dd>
            Need a hand? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </dd>
        </div>
      </dl>
      {/* Said, not hidden: a form half filled in stays as it is through a drop of the Wi-Fi. */}
      <p className="account-offline" role="status">
        {online
          ? ''
          : "You're offline. Your bedtime reminder, downloading your data and deleting your account need a connection: they work again as soon as you're online."}
      </p>
      <BedtimeReminderSettings />
      <DownloadMyData />
      <Button variant="secondary" onClick={signOut} busy={logout.isPending || logout.isSuccess}>
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
      {user && <DeleteMyAccount email={user.email} />}
    </section>
  );
}
