import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { validate } from '../../lib/validate.ts';

/**
 * The one-field forms that ask for an address (forgot password, sign-in link): the e-mail, its error
 * in the contract's words, and a submit that hands the parsed body on only when it is valid.
 */
export function useEmailForm<T>(schema: ZodType<T>, onValid: (body: T) => void) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(schema, { email });
    if (result.errors) {
      setError(result.errors.email);
      return;
    }
    setError(undefined);
    onValid(result.data);
  }

  return { email, setEmail, error, submit };
}
