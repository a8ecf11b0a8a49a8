import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BedtimeReminder } from '@sleep-ritual/contracts/reminders';
import { ok, renderAt, reply, stubApi } from '../../../test/render.tsx';
import { BedtimeReminderSettings } from './BedtimeReminderSettings.tsx';

const renderSettings = () => renderAt('/account', '/account', <BedtimeReminderSettings />);
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const never: BedtimeReminder = { enabled: false, time: '21:30', timeZone: null, nextSendAt: null };

describe('bedtime reminder on the account page', () => {
  it("offers 21:30 in the browser's time zone before anything is saved, and turns the reminder on", async () => {
    const { calls } = stubApi({
      'GET /api/account/reminder': ok(never),
      'PUT /api/account/reminder': ok({
        enabled: true,
        time: '22:15',
        timeZone: 'Europe/Lisbon',
        nextSendAt: '2026-11-25T22:15:00.000Z',
      }),
    });
    renderSettings();
    const enabled = (await screen.findByLabelText('Remind me each night')) as HTMLInputElement;
    expect(enabled.checked).toBe(false);
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('21:30');
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe(browserZone);
    expect(screen.getByText('Reminders are off.')).toBeTruthy();

    fireEvent.click(enabled);
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '22:15' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Lisbon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));

    expect(await screen.findByText('Reminder saved')).toBeTruthy();
    expect(screen.getByText("We'll e-mail you at 22:15 each night.")).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ enabled: true, time: '22:15', timeZone: 'Europe/Lisbon' });
    const next = new Intl.DateTimeFormat(undefined, {
      timeZone: 'Europe/Lisbon',
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2026-11-25T22:15:00.000Z'));
    expect(await screen.findByText(`Next reminder: ${next}.`)).toBeTruthy();
    // The zone list holds every zone the runtime knows (about 400 options): slow to build in jsdom.
  }, 15_000);

  it('shows the saved zone, says when nothing is left to remind of, and refuses a time that is not one', async () => {
    const { calls } = stubApi({
      'GET /api/account/reminder': ok({
        enabled: true,
        time: '21:00',
        timeZone: 'Asia/Tokyo',
        nextSendAt: null,
      }),
    });
    renderSettings();
    expect(((await screen.findByLabelText('Time zone')) as HTMLSelectElement).value).toBe('Asia/Tokyo');
    expect(screen.getByText(/No reminder is due: every night is done/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    expect(await screen.findByText('Choose a time such as 21:30')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says so when the setting cannot be loaded, and tries again on request', async () => {
    let answer = reply(500);
    const { calls } = stubApi({ 'GET /api/account/reminder': () => answer });
    renderSettings();
    expect(await screen.findByText('Could not load your reminder. Please try again.')).toBeTruthy();
    answer = ok(never);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Remind me each night')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
  });
});
