import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reminderMessages } from '@sleep-ritual/contracts/reminders';
import { ok, renderAt, reply, stubApi } from '../../../test/render.tsx';
import { UnsubscribeScreen } from './UnsubscribeScreen.tsx';

const renderScreen = (query: string) =>
  renderAt(`/account/unsubscribe${query}`, '/account/unsubscribe', <UnsubscribeScreen />);

describe('the unsubscribe page of a reminder e-mail', () => {
  it('asks first, then turns the reminders off with the signed link, without signing in', async () => {
    const { requested } = stubApi({
      'GET /api/account/reminder/unsubscribe': ok({ enabled: true }),
      'POST /api/account/reminder/unsubscribe': ok({ enabled: false }),
    });
    renderScreen('?token=12.signed');
    expect(await screen.findByRole('heading', { name: 'Turn Off Bedtime Reminders?' })).toBeTruthy();
    expect(requested()).toEqual(['GET /api/account/reminder/unsubscribe?token=12.signed']);
    fireEvent.click(screen.getByRole('button', { name: 'Turn off reminders' }));
    expect(await screen.findByRole('heading', { name: 'Bedtime Reminders Are Off' })).toBeTruthy();
    expect(requested()).toContain('POST /api/account/reminder/unsubscribe?token=12.signed');
    expect(document.title).toBe('Bedtime reminders · Sleep Ritual');
  });

  it('says they are off already when they are', async () => {
    stubApi({ 'GET /api/account/reminder/unsubscribe': ok({ enabled: false }) });
    renderScreen('?token=12.signed');
    expect(await screen.findByRole('heading', { name: 'Bedtime Reminders Are Off' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off reminders' })).toBeNull();
  });

  it('refuses a link that is not ours, and a page without a token asks nothing', async () => {
    stubApi({
      'GET /api/account/reminder/unsubscribe': reply(400, { error: reminderMessages.invalidLink }),
    });
    renderScreen('?token=forged');
    expect(await screen.findByRole('heading', { name: 'Invalid Unsubscribe Link' })).toBeTruthy();
    expect(screen.getByText(reminderMessages.invalidLink)).toBeTruthy();

    const { calls } = stubApi({});
    renderScreen('');
    expect((await screen.findAllByRole('heading', { name: 'Invalid Unsubscribe Link' })).length).toBe(2);
    expect(calls).toEqual([]);
  });
});
