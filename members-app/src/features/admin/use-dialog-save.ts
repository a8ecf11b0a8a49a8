import type { ZodType } from 'zod';
import { useAdminToasts } from './use-admin-toasts.ts';
import type { Form } from './use-form.ts';

/** What the screens need of a TanStack mutation: its mutate with success and failure callbacks. */
export type Mutation<Variables> = {
  mutate: (variables: Variables, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
};

/**
 * A form dialog's save: the form's values are checked with the contract's schema (messages beside the
 * fields, nothing sent), then sent; success shows the toast and closes the dialog, failure keeps it open
 * with the server's field messages and shows the failure toast.
 */
export function useDialogSave(form: Form, onClose: () => void) {
  const toasts = useAdminToasts();
  return function save<Body, Variables>(
    mutation: Mutation<Variables>,
    schema: ZodType<Body>,
    values: unknown,
    variables: (body: Body) => Variables,
    words: { success: string; failure: string },
  ) {
    const body = form.check(schema, values);
    if (body === undefined) return;
    mutation.mutate(variables(body), {
      onSuccess: () => {
        toasts.success(words.success);
        onClose();
      },
      onError: (error) => {
        form.showServerErrors(error);
        toasts.failure(words.failure, error);
      },
    });
  };
}
