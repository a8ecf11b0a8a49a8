import { useToast } from '../../components/Toaster.tsx';
import { ApiError } from '../api-client.ts';

/** The admin's toasts: the spec's words as the title; a failure adds the server's reason when it gave one. */
export function useAdminToasts() {
  const toast = useToast();
  return {
    success: (title: string) => toast({ title }),
    failure: (title: string, error?: unknown) =>
      toast({
        title,
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
      }),
    /** §8: the class delete, reorder and lock failures are titled "Error", the message beneath. */
    classFailure: (description: string) => toast({ title: 'Error', description, variant: 'destructive' }),
  };
}
