import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResetTokenCheck } from '@sleep-ritual/contracts/auth';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';

const renderScreen = (query: string) =>
  renderAt(`/reset-password${query}`, '/reset-password', <ResetPasswordScreen />);

const check = (valid: boolean): { status: number; body: ResetTokenCheck } => ({
  status: 200,
  body: { valid },
});

describe('reset password screen', () => {
  it('checks the link when the page opens: a used or expired one shows the "Invalid Reset Link" panel', async () => {
    const { calls } = stubApi({ 'GET /api/reset-password': check(false) });
    renderScreen('?token=used-token');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a New Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password', { exact: true })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/reset-password?token=used-token']);
  });

  it('shows the form for a link that works, and sets the password', async () => {
    stubApi({
      'GET /api/reset-password': check(true),
      'POST /api/reset-password': { status: 200, body: { message: 'Password reset successful' } },
    });
    renderScreen('?token=good-token');
    fireEvent.change(await screen.findByLabelText('New password', { exact: true }), {
      target: { value: 'new-password-2' },
    });
    fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), {
      target: { value: 'new-password-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful' })).toBeTruthy();
  });

  it('without a token says the link is invalid and asks the server nothing', async () => {
    const { calls } = stubApi({});
    renderScreen('');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
