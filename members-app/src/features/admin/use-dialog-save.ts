import { useAdminToasts } from './use-admin-toasts.ts';
import type { Form } from './use-form.ts';

/**
 * A form dialog's save callbacks: success shows the toast and closes the dialog; failure keeps it open
 * with the server's field messages beside the fields, and shows the failure toast.
 */
export function useSaveCallbacks(form: Form, onClose: () => void) {
  const toasts = useAdminToasts();
  return {
    done: (message: string) => () => {
      toasts.success(message);
      onClose();
    },
    failed: (message: string) => (error: unknown) => {
      form.showServerErrors(error);
      toasts.failure(message, error);
    },
  };
}
