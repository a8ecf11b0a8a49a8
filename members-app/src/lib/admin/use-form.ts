import { useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '../api-client.ts';
import { validate } from '../validate.ts';
import { useAdminToasts } from './use-admin-toasts.ts';

export type FormValues = Record<string, string | boolean>;

/**
 * The state of one admin form: text fields hold what was typed (the contracts' schemas turn '' into
 * null and digits into numbers), checkboxes hold booleans, and errors hold one message per field
 * (`form` for one about the whole form). An edit form also holds the row's `updatedAt` as it opened,
 * unseen: sent with the edit, the server refuses to overwrite a change made since.
 */
export function useForm<Values extends FormValues>(initial: Values) {
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  return {
    values,
    errors,
    /** Whether a field holds something else than when the form opened: leaving then asks first. */
    changed: Object.keys(start).some((name) => values[name] !== start[name]),
    /** A field's new value; its message, about what was there before, goes (the others stay). */
    set: (name: string, value: string | boolean) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _gone, ...rest } = current;
        return rest;
      });
    },
    setError: (name: string, message: string) => setErrors((current) => ({ ...current, [name]: message })),
    /** Validates `body` with the contract's schema: the parsed body, or undefined after showing the messages. */
    check<T>(schema: ZodType<T>, body: unknown): T | undefined {
      const result = validate(schema, body);
      setErrors(result.errors ?? {});
      return result.data;
    },
    /**
     * A 400 from the server names its fields as the form does: show its messages beside them. A 409
     * (the row changed since the form opened) is about the whole form.
     */
    showServerErrors(error: unknown) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (error instanceof ApiError && error.status === 409 && error.serverMessage)
        setErrors({ form: error.serverMessage });
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

/** What the screens need of a TanStack mutation: its mutate with success and failure callbacks. */
export type Mutation<Variables> = {
  mutate: (
    variables: Variables,
    options: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
};

type Words = { created: string; createFailed: string; updated: string; updateFailed: string };

/**
 * A create or edit dialog's save: the values are checked with the contract's schema (messages beside
 * the fields, nothing sent), then sent; success shows the level's toast and closes the dialog, failure
 * keeps it open with the server's field messages and shows the failure toast.
 */
export function useDialogSave(form: Form, onClose: () => void, words: Words) {
  const toasts = useAdminToasts();
  function send<Body, Variables>(
    [success, failure]: [string, string],
    mutation: Mutation<Variables>,
    schema: ZodType<Body>,
    values: unknown,
    variables: (body: Body) => Variables,
  ) {
    const body = form.check(schema, values);
    if (body === undefined) return;
    mutation.mutate(variables(body), {
      onSuccess: () => {
        toasts.success(success, success);
        onClose();
      },
      onError: (error) => {
        form.showServerErrors(error);
        toasts.failure(failure, error, success);
      },
    });
  }
  return {
    create: <Body, Variables>(
      ...args: [Mutation<Variables>, ZodType<Body>, unknown, (body: Body) => Variables]
    ) => send([words.created, words.createFailed], ...args),
    update: <Body, Variables>(
      ...args: [Mutation<Variables>, ZodType<Body>, unknown, (body: Body) => Variables]
    ) => send([words.updated, words.updateFailed], ...args),
  };
}
