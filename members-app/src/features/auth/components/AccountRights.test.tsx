import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderAt, reply, stubApi } from '../../../test/render.tsx';
import { ADDRESS_NOT_PROVEN_TO_EXPORT } from '@sleep-ritual/contracts/auth';
import { DeleteMyAccount, DownloadMyData } from './AccountRights.tsx';

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
  it('says it is done, with the way home focused, for the member to leave when they choose', async () => {
    const { calls } = stubApi({ 'DELETE /api/account': { status: 204 } });
    renderAt('/account', '/account', <DeleteMyAccount email="sam@example.com" />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'sleep-well-tonight' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Your account has been deleted. Goodnight, and thank you for listening.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(JSON.parse(calls.find((call) => call.method === 'DELETE')!.body!)).toEqual({
      password: 'sleep-well-tonight',
    });
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
