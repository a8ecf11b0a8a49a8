import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAt, stubApi } from '../../../test/render.tsx';
import { AccountScreen } from './AccountScreen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/account offline', () => {
  it('says what waits for a connection instead of failing, and offers it again once online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { requested } = stubApi({
      'GET /api/user': ok({ id: 4, email: 'sam@example.com', firstName: null, lastName: null }),
      'GET /api/account/reminder': ok({ enabled: false, time: null, timeZone: null }),
    });
    renderAt('/account', '/account', <AccountScreen />);
    expect((await screen.findByRole('status')).textContent).toMatch(/^You're offline\./);
    expect(screen.queryByText(/Could not load your reminder/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download my data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(requested()).not.toContain('GET /api/account/reminder');

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('link', { name: 'Download my data' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Delete my account' })).toBeTruthy();
    expect(screen.queryByText(/^You're offline\./)).toBeNull();
  });
});
