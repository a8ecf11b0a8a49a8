import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reconciliationQueuedSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** POST /api/admin/orders/reconciliation: "Check now" queues a run for the worker (409 when off). */
export const checkReconciliation = () =>
  api.post(reconciliationQueuedSchema, '/api/admin/orders/reconciliation');

/** The run may provision orders: the orders and the reconciliation state go stale. */
export function useCheckReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkReconciliation,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.orders.all }),
  });
}
