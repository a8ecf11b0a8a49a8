import { useCallback, useRef } from 'react';
import {
  useMutation,
  useQueryClient,
  type MutateOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError } from '../api-client.ts';
import { adminKeys, type AdminFamily } from './keys.ts';

type Options<Variables> = {
  /**
   * The cached list an answer replaces: a reorder answers the list in its new order, and writing it
   * straight in keeps the screen from flashing the old order while the list refetches.
   */
  answerKey?: (variables: Variables) => QueryKey;
  /**
   * The level whose row (or rows) the answer is: each is written into that level's cached lists and
   * details at once, so a form opened before the screens have read them again starts from the row as
   * it is now (its `updatedAt` too: a save would otherwise be refused as changed since).
   */
  answerRows?: (variables: Variables) => RowFamily;
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
 * others when next shown. A write refused as 404 or 409 does the same.
 *
 * A write is sent once until it answers: the same write again meanwhile (a double click, before the
 * button has turned busy) is dropped, so it never sends two e-mails or makes two copies. Writes of
 * other variables (a lock toggled on another row) go as before.
 */
export function useAdminMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  { answerKey, answerRows, leavesScreen = false }: Options<Variables> = {},
) {
  const queryClient = useQueryClient();
  // The writes sent and not yet answered, by their variables. Let go in the hook's own onSettled, which
  // runs for every write (a call's own callbacks run for the latest call only).
  const sending = useRef(new Set<string>());
  const mutation = useMutation({
    mutationFn,
    onSettled: (_answer, _error, variables) => void sending.current.delete(sendingKey(variables)),
    onSuccess: (answer, variables) => {
      if (answerKey) queryClient.setQueryData(answerKey(variables), answer);
      if (answerRows) writeRows(queryClient, answerRows(variables), answer);
      // Not awaited: the caller's own onSuccess (navigating away after a delete) need not wait for it.
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        refetchType: leavesScreen ? 'none' : 'active',
      });
    },
    // Gone, or changed, since the screen was read (another tab, another admin): what is on screen is
    // asked again, so a deleted row leaves the list rather than fail at every try.
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const { mutate: send } = mutation;
  const mutate = useCallback(
    (variables: Variables, options?: MutateOptions<Answer, Error, Variables>) => {
      const key = sendingKey(variables);
      if (sending.current.has(key)) return;
      sending.current.add(key);
      send(variables, options);
    },
    [send],
  );
  return { ...mutation, mutate };
}

const sendingKey = (variables: unknown) => JSON.stringify(variables) ?? '';

type RowFamily = Pick<AdminFamily, 'lists' | 'detail'>;
type Row = { id: number };

/** Writes answered rows over their cached copies: the level's details, and the rows of its lists. */
function writeRows(queryClient: QueryClient, family: RowFamily, answer: unknown) {
  const rows = (Array.isArray(answer) ? answer : [answer]) as Row[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows) queryClient.setQueryData(family.detail(row.id), row);
  queryClient.setQueriesData<Row[]>({ queryKey: family.lists() }, (list) =>
    list?.map((row) => byId.get(row.id) ?? row),
  );
}
