import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, type OrderFilters } from '../../../lib/admin/keys.ts';
import { queryString } from '../../../lib/admin/query-string.ts';

/** GET /api/admin/orders: the checkout orders the worker finished with, newest first. */
export const getOrders = (filters: OrderFilters) =>
  api.get(orderListSchema, `/api/admin/orders${queryString(filters)}`);

/** While orders wait or run, the list asks again this often, so a retried order shows its outcome. */
export const ORDERS_POLL_MS = 2_000;

export const ordersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: adminKeys.orders.list(filters),
    queryFn: () => getOrders(filters),
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const counts = query.state.data?.counts;
      return counts && counts.waiting + counts.active + counts.delayed > 0 ? ORDERS_POLL_MS : false;
    },
  });

export const useOrders = (filters: OrderFilters) => useQuery(ordersQueryOptions(filters));
