import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { loginErrorMessage } from './login.ts';

describe('sign-in error message (spec 000 §8)', () => {
  it('says the email or password is incorrect for a 401', () => {
    expect(
      loginErrorMessage(new ApiError(401, '{"error":"Invalid email or password"}', 'Unauthorized')),
    ).toBe('The email or password you entered is incorrect.');
  });
  it("shows the server's message otherwise", () => {
    expect(loginErrorMessage(new ApiError(429, '{"error":"Too many sign-in attempts."}', ''))).toBe(
      'Too many sign-in attempts.',
    );
  });
  it('falls back to "Please try again"', () => {
    expect(loginErrorMessage(new ApiError(500, '', 'Internal Server Error'))).toBe('Please try again');
  });
});
