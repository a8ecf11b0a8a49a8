import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminClass, adminClassListSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { ORDER_BASE, orderUpdates } from '../ordering.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

type Variables = { pathId: number; classes: AdminClass[] };

/** Spec 001 §4: classes are saved right after the drop, as positions 0..n-1 of the new list. */
export const reorderClasses = ({ pathId, classes }: Variables) =>
  api.post(adminClassListSchema, `/api/admin/paths/${pathId}/classes/reorder`, {
    classUpdates: orderUpdates(classes, ORDER_BASE.class),
  });

/** The list shows the new order at once and goes back to the stored one if the server refuses it. */
export function useReorderClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderClasses,
    onMutate: async ({ pathId, classes }) => {
      const key = adminKeys.classes.list(pathId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AdminClass[]>(key);
      queryClient.setQueryData(key, classes);
      return { previous };
    },
    onError: (_error, { pathId }, context) => {
      if (context?.previous) queryClient.setQueryData(adminKeys.classes.list(pathId), context.previous);
    },
    onSuccess: (answer, { pathId }) => queryClient.setQueryData(adminKeys.classes.list(pathId), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
