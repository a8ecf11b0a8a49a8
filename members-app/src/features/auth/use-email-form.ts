import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { useSchemaSubmit, type SchemaSource } from '../../lib/validate.ts';

/**
 * The one-field forms that ask for an address (forgot password, sign-in link): the e-mail, its error
 * in the contract's words, and a submit that hands the parsed body on only when it is valid. The field
 * starts with `initialEmail` (what the learner typed on the screen before).
 */
export function useEmailForm<T>(
  schema: SchemaSource<ZodType<T>>,
  onValid: (body: T) => void,
  initialEmail = '',
) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const check = useSchemaSubmit(schema, {
    onInvalid: (errors) => setError(errors.email),
    onValid: (body) => {
      setError(undefined);
      onValid(body);
    },
  });
  return { email, setEmail, error, submit: (event: FormEvent) => check(event, { email }) };
}
