import type { ZodType } from 'zod';
import { useAdminToasts } from './use-admin-toasts.ts';
import type { Form } from './use-form.ts';

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
        toasts.success(success);
        onClose();
      },
      onError: (error) => {
        form.showServerErrors(error);
        toasts.failure(failure, error);
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
