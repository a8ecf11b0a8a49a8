import type { Ref } from 'react';
import { TextField } from '../../../components/FormField.tsx';

/**
 * The one field of an e-mailed 6-digit code: phones offer the code from the message and open the
 * number pad. It keeps only digits, at most six: a code pasted with spaces (" 311 912", a line copied
 * from the e-mail) is the code, where a length limit on the raw text would have cut it.
 */
export function SignInCodeField({
  value,
  error,
  onChange,
  ref,
  describedBy,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
  /** What else the field is described by (a warning above it). */
  describedBy?: string;
}) {
  return (
    <TextField
      ref={ref}
      aria-describedby={describedBy}
      label="Enter the 6-digit code"
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
