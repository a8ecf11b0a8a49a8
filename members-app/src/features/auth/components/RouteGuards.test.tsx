import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import type { CurrentUser } from '@sleep-ritual/contracts/user';
import { ok, renderAt, reply, stubApi, type StubAnswer } from '../../../test/render.tsx';
import { GuestOnly, RequireAuth } from './RouteGuards.tsx';
import { SignInScreen } from './SignInScreen.tsx';

const learner: CurrentUser = { id: 4, email: 'learner@example.com', firstName: null, lastName: null };

const renderSignIn = (query = '') =>
  renderAt(
    `/sign-in${query}`,
    '/sign-in',
    <GuestOnly>
      <SignInScreen />
    </GuestOnly>,
    [{ path: '/my-programs', element: <h1>My Programs</h1> }],
  );

/** The cookie sign-in leaves in the browser (the services set it): a session may have started here. */
const leaveSignedInHint = () => (document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`);

describe('/sign-in', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('asks nothing of a browser that never signed in here: its visitor is signed out', async () => {
    const { requested } = stubApi({ 'GET /api/user': ok(learner) });
    renderSignIn();
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(requested()).toEqual([]);
  });

  it('shows the form at once, while the check of who is signed in is still on its way', async () => {
    leaveSignedInHint();
    stubApi({ 'GET /api/user': () => new Promise(() => undefined) });
    renderSignIn();
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('opened from an e-mailed link by a visitor already signed in, keeps their session and leaves the link unused', async () => {
    const { requested } = stubApi({
      'GET /api/user': () => new Promise((resolve) => setTimeout(() => resolve(ok(learner)), 50)),
      'POST /api/login/link/sign-in': ok(learner),
    });
    renderSignIn('?token=emailed-token');
    expect(await screen.findByRole('heading', { name: 'My Programs' })).toBeTruthy();
    expect(requested()).toEqual(['GET /api/user']);
  });

  it('sends a visitor who is already signed in to their programmes', async () => {
    leaveSignedInHint();
    stubApi({ 'GET /api/user': ok(learner) });
    renderSignIn();
    expect(await screen.findByRole('heading', { name: 'My Programs' })).toBeTruthy();
  });
});

describe('a signed-in page', () => {
  it('stays on the screen when a later check of the sign-in fails: offline, or a server restarting', async () => {
    let answer: StubAnswer | 'network' = ok(learner);
    stubApi({
      'GET /api/user': () => {
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return answer;
      },
    });
    const view = renderAt(
      '/my-programs',
      '/my-programs',
      <RequireAuth>
        <h1>Tonight</h1>
      </RequireAuth>,
    );
    expect(await screen.findByRole('heading', { name: 'Tonight' })).toBeTruthy();
    for (const next of ['network', reply(503)] as const) {
      answer = next;
      await act(() => view.queryClient.refetchQueries());
      expect(screen.getByRole('heading', { name: 'Tonight' }), String(next)).toBeTruthy();
    }
  });
});
