import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { CreateAccountScreen } from './CreateAccountScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

const order = {
  email: 'buyer@example.com',
  productName: 'The 6-Night Sleep Meditation Ritual',
  hasAccount: true,
  hasPassword: false,
};

function renderScreen(query: string) {
  return renderAt(`/create-account${query}`, '/create-account', <CreateAccountScreen />, [
    { path: '/programs/my-programs', element: <h1>Your Programs</h1> },
  ]);
}

describe('create account screen', () => {
  it('shows the read-only e-mail and creates the account, then goes to the programmes', async () => {
    const { calls } = stubApi({
      'GET /api/create-account': { status: 200, body: order },
      'POST /api/create-account': { status: 200, body: { success: true } },
    });
    renderScreen('?order_id=1001');
    expect(await screen.findByDisplayValue('buyer@example.com')).toHaveProperty('readOnly', true);
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sleepy6' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: 'sleepy6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(await screen.findByRole('heading', { name: 'Your Programs' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(post.body!)).toMatchObject({ order_id: '1001', password: 'sleepy6' });
  });

  it('uses the spec messages for the password fields', async () => {
    stubApi({ 'GET /api/create-account': { status: 200, body: order } });
    renderScreen('?thrivecart[order_id]=1002');
    await screen.findByDisplayValue('buyer@example.com');
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: '654321' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
  });

  it('says "Account Already Exists" with a way to the sign-in page when the account has a password', async () => {
    stubApi({ 'GET /api/create-account': { status: 200, body: { ...order, hasPassword: true } } });
    renderScreen('?order_id=1003');
    expect(await screen.findByRole('heading', { name: 'Account Already Exists' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/sign-in');
  });

  it('shows the server message when creation fails', async () => {
    stubApi({
      'GET /api/create-account': { status: 200, body: order },
      'POST /api/create-account': { status: 403, body: { error: 'This link has expired.' } },
    });
    renderScreen('?order_id=1004');
    await screen.findByDisplayValue('buyer@example.com');
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sleepy6' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: 'sleepy6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(await screen.findByText('This link has expired.')).toBeTruthy();
  });

  it('explains the problem when the query carries no order id it knows', async () => {
    const { calls } = stubApi({});
    renderScreen('?foo=bar');
    expect(await screen.findByRole('heading', { name: 'Account Creation Error' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('in test mode shows the banner and makes no server call', async () => {
    const { calls } = stubApi({});
    renderScreen('?test=true');
    expect(await screen.findByText('Test Mode Active')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('the order look-up', () => {
  it('asks GET /api/create-account?order_id=… whichever key the order id came under, with the proof that came with it', async () => {
    const { calls } = stubApi({ 'GET /api/create-account': { status: 200, body: order } });
    renderScreen('?thrivecart[invoice_id]=000123&thrivecart_hash=abc&utm_source=mail');
    await screen.findByDisplayValue('buyer@example.com');
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/create-account');
    expect(url.searchParams.get('order_id')).toBe('000123');
    expect(url.searchParams.get('thrivecart_hash')).toBe('abc');
    expect(url.searchParams.has('utm_source')).toBe(false);
  });
});
