import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from './keys.ts';

/**
 * A write of the admin area. A change at one level shows at others (titles in breadcrumbs, programme
 * titles beside product mappings, a deleted phase taking its paths with it), so every write marks all
 * admin data stale; only the queries on screen refetch at once, the others when next shown.
 * `answerKey` names the cached list an answer replaces: a reorder answers the list in its new order, and
 * writing it straight in keeps the screen from flashing the old order while the list refetches.
 */
export function useAdminMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  answerKey?: (variables: Variables) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, variables) => {
      if (answerKey) queryClient.setQueryData(answerKey(variables), answer);
      // Not awaited: the caller's own onSuccess (navigating away after a delete) need not wait for it.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
