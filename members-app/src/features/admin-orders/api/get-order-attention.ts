import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderAttentionSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** GET /api/admin/orders/attention: orders waiting on a product mapping, and ignored test orders. */
export const getOrderAttention = () => api.get(orderAttentionSchema, '/api/admin/orders/attention');

export const orderAttentionQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.orders.attention(), queryFn: getOrderAttention, staleTime: 0 });

export const useOrderAttention = () => useQuery(orderAttentionQueryOptions());
