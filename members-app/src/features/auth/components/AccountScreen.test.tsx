import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAt, stubApi, type StubRoute } from '../../../test/render.tsx';
import { AccountScreen } from './AccountScreen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/account offline', () => {
  it('says what waits for a connection, keeps what was typed, and loads the reminder once online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const answers: Record<string, StubRoute> = {
      'GET /api/user': ok({ id: 4, email: 'sam@example.com', firstName: null, lastName: null }),
      'GET /api/account/reminder': () => {
        throw new TypeError('Failed to fetch');
      },
    };
    stubApi(answers);
    renderAt('/account', '/account', <AccountScreen />);
    expect((await screen.findByText(/^You're offline\./)).getAttribute('role')).toBe('status');
    expect(await screen.findByText("Your reminder shows here once you're online.")).toBeTruthy();
    expect(screen.queryByText(/Could not load your reminder/)).toBeNull();
    // A deletion begun before the drop stays as it was.
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'half typed' } });

    answers['GET /api/account/reminder'] = ok({
      enabled: false,
      time: '22:00',
      timeZone: null,
      nextSendAt: null,
    });
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('button', { name: /Save/ })).toBeTruthy();
    expect(screen.queryByText(/^You're offline\./)).toBeNull();
    expect((screen.getByLabelText('Your password') as HTMLInputElement).value).toBe('half typed');
  });
});
