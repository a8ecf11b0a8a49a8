import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { parseIdParam } from '../src/errors.ts';

describe('parseIdParam', () => {
  it('reads a positive whole number up to the largest integer PostgreSQL stores', () => {
    expect(parseIdParam('1')).toBe(1);
    expect(parseIdParam('42')).toBe(42);
    expect(parseIdParam('2147483647')).toBe(2_147_483_647);
  });

  it('reads what the schema reads beyond plain digits', () => {
    expect(parseIdParam('007')).toBe(7);
  });

  it.each([undefined, '', '0', '-3', '1.5', 'abc', '2147483648', '99999999999', 'NaN'])(
    'refuses %j with the 400 message',
    (value) => {
      let thrown: unknown;
      try {
        parseIdParam(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ZodError);
      expect((thrown as ZodError).issues[0]?.message).toBe('The id must be a positive whole number.');
    },
  );
});
