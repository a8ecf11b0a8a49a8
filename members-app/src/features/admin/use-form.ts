import { useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { validate } from '../../lib/validate.ts';

export type FormValues = Record<string, string | boolean>;

/**
 * The state of one admin form: text fields hold what was typed (the contracts' schemas turn '' into
 * null and digits into numbers), checkboxes hold booleans, and errors hold one message per field.
 */
export function useForm<Values extends FormValues>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  return {
    values,
    errors,
    set: (name: string, value: string | boolean) => setValues((current) => ({ ...current, [name]: value })),
    setError: (name: string, message: string) => setErrors((current) => ({ ...current, [name]: message })),
    /** Validates `body` with the contract's schema: the parsed body, or undefined after showing the messages. */
    check<T>(schema: ZodType<T>, body: unknown): T | undefined {
      const result = validate(schema, body);
      setErrors(result.errors ?? {});
      return result.data;
    },
    /** A 400 from the server names its fields as the form does: show its messages beside them. */
    showServerErrors(error: unknown) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    },
  };
}

export type Form<Values extends FormValues = FormValues> = ReturnType<typeof useForm<Values>>;

export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  try {
    const { issues } = JSON.parse(error.body) as { issues?: { path?: unknown[]; message?: string }[] };
    const errors: Record<string, string> = {};
    for (const issue of issues ?? []) {
      const field = String(issue.path?.[0] ?? 'form');
      if (issue.message) errors[field] ??= issue.message;
    }
    return Object.keys(errors).length ? errors : undefined;
  } catch {
    return undefined;
  }
}
