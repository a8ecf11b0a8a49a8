import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ORDER_PROCESSING,
  type CreateAccountAnswer,
  type CreateAccountLookup,
} from '@sleep-ritual/contracts/auth';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { ORDER_POLL_MS, ORDER_WAIT_MS } from '../api/create-account.ts';
import { CreateAccountScreen } from './CreateAccountScreen.tsx';
import { SignInScreen } from './SignInScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

const order: CreateAccountLookup = {
  email: 'buyer@example.com',
  productName: 'The 6-Night Sleep Meditation Ritual',
  hasAccount: true,
  hasPassword: false,
};
const created: CreateAccountAnswer = { success: true, message: 'Your account is ready.', signedIn: true };

function renderScreen(query: string) {
  return renderAt(`/create-account${query}`, '/create-account', <CreateAccountScreen />, [
    { path: '/programs/my-programs', element: <h1>Your Programs</h1> },
    { path: '/my-programs', element: <h1>My Programs</h1> },
    { path: '/sign-in', element: <SignInScreen /> },
  ]);
}

describe('create account screen', () => {
  it('shows the read-only e-mail and creates the account, then goes to the programmes', async () => {
    const { calls } = stubApi({
      'GET /api/create-account': { status: 200, body: order },
      'POST /api/create-account': { status: 200, body: created },
    });
    renderScreen('?order_id=1001&token=mailed-token');
    expect(await screen.findByDisplayValue('buyer@example.com')).toHaveProperty('readOnly', true);
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sleepy6' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: 'sleepy6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(await screen.findByRole('heading', { name: 'Your Programs' })).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({
      order_id: '1001',
      password: 'sleepy6',
      query: 'order_id=1001&token=mailed-token',
    });
  });

  it('passes the whole signed checkout redirect on to the creation, untouched', async () => {
    const redirect =
      'thrivecart%5Border_id%5D=77&thrivecart%5Bcustomer%5D%5Bemail%5D=buyer%40example.com&thrivecart%5Border%5D%5B0%5D%5Bn%5D=Six+Nights&thrivecart_hash=0123456789abcdef0123456789abcdef';
    const { calls } = stubApi({
      'GET /api/create-account': { status: 200, body: order },
      'POST /api/create-account': { status: 200, body: created },
    });
    renderScreen(`?${redirect}&utm_source=mail`);
    await screen.findByDisplayValue('buyer@example.com');
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sleepy6' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: 'sleepy6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    await screen.findByRole('heading', { name: 'Your Programs' });
    const sent = new URLSearchParams(JSON.parse(calls.find((call) => call.method === 'POST')!.body!).query);
    const given = new URLSearchParams(redirect);
    for (const [key, value] of given) expect(sent.get(key), key).toBe(value);
    expect(sent.has('utm_source')).toBe(false);
  });

  it('asks a buyer whose address already had an account to check their email', async () => {
    stubApi({
      'GET /api/create-account': { status: 200, body: order },
      'POST /api/create-account': {
        status: 200,
        body: { success: true, message: 'Please check your email for the next step.', signedIn: false },
      },
    });
    renderScreen('?thrivecart[order_id]=1005&thrivecart_hash=abc');
    await screen.findByDisplayValue('buyer@example.com');
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sleepy6' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: 'sleepy6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText('Please check your email for the next step.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/sign-in');
    fireEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('buyer@example.com');
  });

  it('sends a signed-in member who reopens their own link to their programmes', async () => {
    stubApi({
      'GET /api/create-account': { status: 200, body: { ...order, hasPassword: true } },
      'GET /api/user': {
        status: 200,
        body: { id: 5, email: 'Buyer@example.com', firstName: null, lastName: null },
      },
    });
    renderScreen('?order_id=1006&token=mailed-token');
    expect(await screen.findByRole('heading', { name: 'My Programs' })).toBeTruthy();
  });

  it('keeps asking while the server says a genuine checkout order is still being processed', async () => {
    let asked = 0;
    stubApi({
      'GET /api/create-account': () =>
        (asked += 1) === 1
          ? { status: 404, body: { error: ORDER_PROCESSING } }
          : { status: 200, body: order },
    });
    renderScreen('?thrivecart[order_id]=1008&thrivecart_hash=abc');
    expect(await screen.findByRole('heading', { name: 'Processing your request...' })).toBeTruthy();
    expect(
      await screen.findByDisplayValue('buyer@example.com', {}, { timeout: ORDER_POLL_MS + 2_000 }),
    ).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('past its wait, says the payment went through and the account is still being set up, and checks again on request', async () => {
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    let ready = false;
    const { calls } = stubApi({
      'GET /api/create-account': () =>
        ready ? { status: 200, body: order } : { status: 404, body: { error: ORDER_PROCESSING } },
    });
    renderScreen('?thrivecart[order_id]=1009&thrivecart_hash=abc');
    // The worker is slower than the page's wait (a backlog, a product not yet mapped).
    now.mockReturnValue(start + ORDER_WAIT_MS + 1);
    expect(await screen.findByRole('heading', { name: 'Processing your request...' })).toBeTruthy();
    expect(await screen.findByText(/Your payment went through/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order Not Found' })).toBeNull();

    ready = true;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByDisplayValue('buyer@example.com')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/create-account')).length).toBe(2);
    now.mockRestore();
  });

  it('sends one creation however quickly the button is pressed twice', async () => {
    const { calls } = stubApi({
      'GET /api/create-account': { status: 200, body: order },
      'POST /api/create-account': { status: 200, body: created },
    });
    renderScreen('?order_id=1010&token=mailed-token');
    await screen.findByDisplayValue('buyer@example.com');
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'sleepy66' } });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: 'sleepy66' },
    });
    const create = screen.getByRole('button', { name: 'Create My Account' });
    fireEvent.click(create);
    fireEvent.click(create);
    expect(await screen.findByRole('heading', { name: 'Your Programs' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says "Order Not Found" at once, without polling, when the server does not say the order is on its way', async () => {
    const { calls } = stubApi({
      'GET /api/create-account': { status: 404, body: { error: 'Order Not Found' } },
    });
    renderScreen('?order_id=1007');
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/create-account'))).toHaveLength(1);
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
    const { router } = renderScreen('?order_id=1003');
    expect(await screen.findByRole('heading', { name: 'Account Already Exists' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/sign-in');
    // The sign-in form has the address typed in already, and it is not in the address bar.
    fireEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('buyer@example.com');
    expect(router.state.location.search).toBe('');
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
