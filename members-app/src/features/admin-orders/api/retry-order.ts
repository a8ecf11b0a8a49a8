import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** POST /api/admin/orders/{jobId}/retry: a failed order back on the queue, its attempts reset. */
export const retryOrder = (jobId: string) =>
  api.post(adminOrderSchema, `/api/admin/orders/${encodeURIComponent(jobId)}/retry`);

/** The retried order may provision a member: the orders, the members and their figures go stale. */
export function useRetryOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOrder,
    onSuccess: () => {
      for (const keys of [adminKeys.orders, adminKeys.members, adminKeys.auditLog, adminKeys.engagement]) {
        void queryClient.invalidateQueries({ queryKey: keys.all });
      }
    },
  });
}
