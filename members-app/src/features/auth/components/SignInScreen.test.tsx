import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@sleep-ritual/contracts/user';
import { ok, renderAt, stubApi, type StubAnswer } from '../../../test/render.tsx';
import { PasswordEndedNotice } from '../../../components/PasswordEndedNotice.tsx';
import { SignInScreen } from './SignInScreen.tsx';

const learner: CurrentUser = { id: 4, email: 'learner@example.com', firstName: null, lastName: null };

const renderScreen = (query = '') =>
  renderAt(`/sign-in${query}`, '/sign-in', <SignInScreen />, [
    { path: '/my-programs', element: <h1>My Programs</h1> },
  ]);

describe('sign-in with a password', () => {
  it('sends one sign-in however quickly the button is pressed twice', async () => {
    const { requested } = stubApi({ 'POST /api/login': ok(learner) });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'learner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'quiet-nights-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'My Programs' }, { timeout: 5_000 })).toBeTruthy();
    expect(requested().filter((call) => call === 'POST /api/login')).toHaveLength(1);
  });
});

describe('sign-in by e-mailed link', () => {
  it('is offered beside the password: it asks for the address and shows the same answer for any', async () => {
    const message = "If an account with that email exists, we've sent you a sign-in link.";
    const { calls } = stubApi({ 'POST /api/login/link': { status: 200, body: { message } } });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Sign-In Link' }));
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'learner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Sign-In Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(JSON.parse(calls[0]!.body!)).toEqual({ email: 'learner@example.com' });
  });

  it('keeps the address typed when the learner changes the way in, its field focused, and focuses "Check Your Email" once sent', async () => {
    stubApi({ 'POST /api/login/link': { status: 200, body: { message: 'Sent.' } } });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'learner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }));
    const linkEmail = await screen.findByRole('textbox', { name: 'Email' });
    expect((linkEmail as HTMLInputElement).value).toBe('learner@example.com');
    await waitFor(() => expect(document.activeElement).toBe(linkEmail));

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with your password' }));
    const passwordEmail = await screen.findByRole('textbox', { name: 'Email' });
    expect((passwordEmail as HTMLInputElement).value).toBe('learner@example.com');
    await waitFor(() => expect(document.activeElement).toBe(passwordEmail));

    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Sign-In Link' }));
    const checkEmail = await screen.findByRole('heading', { name: 'Check Your Email' });
    await waitFor(() => expect(document.activeElement).toBe(checkEmail));
  });

  it('takes the code as pasted from the e-mail, and says only what is wrong with the latest try', async () => {
    const refused =
      'That code is not right, or it has expired. Use the code of the latest e-mail, or ask for a new one.';
    const answers: Record<string, StubAnswer> = {
      'POST /api/login/link': ok({ message: 'Sent.' }),
      'POST /api/login/code': { status: 400, body: { error: refused } },
    };
    const { calls } = stubApi(answers);
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'learner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Sign-In Link' }));
    const code = await screen.findByLabelText('Enter the 6-digit code');

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));
    await waitFor(() => expect(screen.queryByText(refused)).toBeNull());
    expect(screen.getAllByText('Enter the 6-digit code').length).toBeGreaterThan(1);

    answers['POST /api/login/code'] = ok(learner);
    fireEvent.change(code, { target: { value: ' 311 912' } });
    expect((code as HTMLInputElement).value).toBe('311912');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));
    expect(await screen.findByRole('heading', { name: 'My Programs' })).toBeTruthy();
    expect(JSON.parse(calls.filter((call) => call.url.endsWith('/api/login/code')).at(-1)!.body!)).toEqual({
      email: 'learner@example.com',
      code: '311912',
    });
  });

  it('opened from the e-mail, signs in once and goes to the programmes', async () => {
    const { calls } = stubApi({ 'POST /api/login/link/sign-in': { status: 200, body: learner } });
    renderScreen('?token=emailed-token');
    expect(await screen.findByRole('heading', { name: 'My Programs' })).toBeTruthy();
    expect(calls.map((call) => [call.url, JSON.parse(call.body!)])).toEqual([
      ['/api/login/link/sign-in', { token: 'emailed-token' }],
    ]);
  });

  it('says, on the programmes, when it ended a password set on the checkout page, and how to set one again', async () => {
    stubApi({ 'POST /api/login/link/sign-in': ok({ ...learner, passwordEnded: true }) });
    renderAt('/sign-in?token=emailed-token', '/sign-in', <SignInScreen />, [
      {
        path: '/my-programs',
        element: (
          <>
            <h1>My Programs</h1>
            <PasswordEndedNotice />
          </>
        ),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Your checkout password has ended' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set a new password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Your checkout password has ended' })).toBeNull(),
    );
  });

  it('says so when the link is used or expired', async () => {
    stubApi({
      'POST /api/login/link/sign-in': {
        status: 400,
        body: { error: 'This sign-in link is invalid or has expired.' },
      },
    });
    renderScreen('?token=used-token');
    expect(await screen.findByRole('heading', { name: 'Invalid Sign-In Link' })).toBeTruthy();
    expect(screen.getByText('This sign-in link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/sign-in');
  });
});

describe('sign-in screen title', () => {
  it('names the screen in the browser tab', async () => {
    stubApi({});
    renderScreen();
    await screen.findByRole('button', { name: 'Email me a sign-in link instead' });
    expect(document.title).toBe('Sign In · Sleep Ritual');
  });
});
