import { queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationStateSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** GET /api/admin/orders/reconciliation: whether it is set up, and the last run with ThriveCart. */
export const getReconciliation = () => api.get(reconciliationStateSchema, '/api/admin/orders/reconciliation');

/** While a run is under way, the state is asked again this often, so its outcome shows. */
export const RECONCILIATION_POLL_MS = 2_000;

export const reconciliationQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.orders.reconciliation(),
    queryFn: getReconciliation,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.lastRun?.outcome === 'running' ? RECONCILIATION_POLL_MS : false,
  });

export const useReconciliation = () => useQuery(reconciliationQueryOptions());
