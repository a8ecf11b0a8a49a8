import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from './keys.ts';

type Options<Variables> = {
  /**
   * The cached list an answer replaces: a reorder answers the list in its new order, and writing it
   * straight in keeps the screen from flashing the old order while the list refetches.
   */
  answerKey?: (variables: Variables) => QueryKey;
  /**
   * The write ends the screen it was made on (a details screen's delete, which then goes back to the
   * list): nothing on it is asked again, where the row it shows would only answer 404.
   */
  leavesScreen?: boolean;
};

/**
 * A write of the admin area. A change at one level shows at others (titles in breadcrumbs, programme
 * titles beside product mappings, a deleted phase taking its paths with it), so every write marks all
 * admin data stale; the queries on screen refetch at once (unless the write leaves the screen), the
 * others when next shown.
 */
export function useAdminMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  { answerKey, leavesScreen = false }: Options<Variables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, variables) => {
      if (answerKey) queryClient.setQueryData(answerKey(variables), answer);
      // Not awaited: the caller's own onSuccess (navigating away after a delete) need not wait for it.
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        refetchType: leavesScreen ? 'none' : 'active',
      });
    },
  });
}
