import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAt, reply, stubApi } from '../../../test/render.tsx';
import { ADDRESS_NOT_PROVEN_TO_EXPORT } from '@sleep-ritual/contracts/auth';
import { leaveSignedOutFor } from '../api/logout.ts';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import { AccountDeletedScreen } from './AccountDeletedScreen.tsx';
import { GuestOnly } from './RouteGuards.tsx';
import { DeleteMyAccount, DownloadMyData } from './AccountRights.tsx';

// A page load jsdom cannot make: the test sees where the page would go.
vi.mock('../api/logout.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/logout.ts')>()),
  leaveSignedOutFor: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deleting the account with an e-mailed code', () => {
  it('says why no code could be sent, and sends one again on request', async () => {
    let refuse = true;
    const { requested } = stubApi({
      'POST /api/login/link': () =>
        refuse
          ? reply(429, { error: 'Too many requests. Please try again later.' })
          : ok({ message: 'Check your e-mail.' }),
    });
    renderAt('/account', '/account', <DeleteMyAccount email="sam@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(screen.getByRole('button', { name: 'No password? E-mail me a code instead' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many requests. Please try again later.',
    );
    expect(screen.queryByText('Sending a code...')).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a code again' }));
    expect(await screen.findByText('We e-mailed a 6-digit code to sam@example.com.')).toBeTruthy();
    expect(requested().filter((call) => call === 'POST /api/login/link')).toHaveLength(2);
  });
});

describe('deleting the account with the password', () => {
  it("says it is done and leaves for the deleted account's own page, loaded afresh", async () => {
    const { calls } = stubApi({ 'DELETE /api/account': { status: 204 } });
    renderAt('/account', '/account', <DeleteMyAccount email="sam@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'sleep-well-tonight' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your account has been deleted.');
    await waitFor(() =>
      expect(leaveSignedOutFor).toHaveBeenCalledWith(expect.anything(), '/account/deleted'),
    );
    expect(JSON.parse(calls.find((call) => call.method === 'DELETE')!.body!)).toEqual({
      password: 'sleep-well-tonight',
    });
  });
});

describe('the confirmation and the keyboard', () => {
  it('focuses the password as it opens and again after a wrong one, and the code field when asked for a code', async () => {
    stubApi({
      'DELETE /api/account': reply(403, { error: 'That password is not right. Your account is unchanged.' }),
      'POST /api/login/link': ok({ message: 'Check your e-mail.' }),
    });
    renderAt('/account', '/account', <DeleteMyAccount email="sam@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const password = screen.getByLabelText('Your password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    // Focused at once, the field reads the warning it skips past.
    expect(password.getAttribute('aria-describedby')).toBe('delete-account-warning');

    fireEvent.change(password, { target: { value: 'not my password' } });
    const submit = screen.getByRole('button', { name: 'Delete my account for good' });
    submit.focus();
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That password is not right. Your account is unchanged.',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your password')));

    fireEvent.click(screen.getByRole('button', { name: 'No password? E-mail me a code instead' }));
    const code = await screen.findByLabelText('Enter the 6-digit code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    // The password's refusal is not said of the code.
    expect(screen.queryByRole('alert')).toBeNull();
    // A code pasted as copied from the e-mail, spaces and all, is the code.
    fireEvent.change(code, { target: { value: ' 311 912 ' } });
    expect((code as HTMLInputElement).value).toBe('311912');

    fireEvent.click(screen.getByRole('button', { name: 'Use my password instead' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your password')));
    expect((screen.getByLabelText('Your password') as HTMLInputElement).value).toBe('');
  });
});

describe('/account/deleted', () => {
  it('sends a signed-in member, who has an account, to their programmes', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    try {
      stubApi({
        'GET /api/user': ok({ id: 4, email: 'learner@example.com', firstName: null, lastName: null }),
      });
      const { router } = renderAt(
        '/account/deleted',
        '/account/deleted',
        <GuestOnly>
          <AccountDeletedScreen />
        </GuestOnly>,
        [{ path: '/my-programs', element: <p>Your programmes</p> }],
      );
      expect(await screen.findByText('Your programmes')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/my-programs');
    } finally {
      document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    }
  });

  it('says the account is gone and offers the way home, without asking the server anything', async () => {
    const { requested } = stubApi({});
    renderAt('/account/deleted', '/account/deleted', <AccountDeletedScreen />);
    expect(screen.getByRole('heading', { name: 'Your Account Has Been Deleted' })).toBeTruthy();
    expect(screen.getByText(/Goodnight, and thank you for listening\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(requested()).toEqual([]);
  });
});

describe('"Download my data"', () => {
  it('says why, in the page, when the server refuses the copy (an address nobody proved yet)', async () => {
    stubApi({ 'GET /api/account/export': reply(403, { error: ADDRESS_NOT_PROVEN_TO_EXPORT }) });
    renderAt('/account', '/account', <DownloadMyData />);
    fireEvent.click(screen.getByRole('link', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ADDRESS_NOT_PROVEN_TO_EXPORT);
  });
});
