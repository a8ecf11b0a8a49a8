import { useToast } from '../../components/Toaster.tsx';
import { ApiError } from '../api-client.ts';

/**
 * The admin's toasts: the spec's words as the title; a failure adds the server's reason when it gave one.
 * `kind` names the action both outcomes belong to: the later replaces the earlier (a save that failed,
 * then went through, leaves only its success).
 */
export function useAdminToasts() {
  const toast = useToast();
  return {
    success: (title: string, kind?: string) => toast({ title, kind }),
    failure: (title: string, error?: unknown, kind?: string) =>
      toast({
        title,
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
        kind,
      }),
    /** §8: the class delete, reorder and lock failures are titled "Error", the message beneath. */
    classFailure: (description: string) => toast({ title: 'Error', description, variant: 'destructive' }),
  };
}
