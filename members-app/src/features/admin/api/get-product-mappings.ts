import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductMapping } from '@sleep-ritual/contracts/product-mappings';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const getProductMappings = () => api.get<ProductMapping[]>('/api/admin/product-mappings');

export const productMappingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.productMappings.list(), queryFn: getProductMappings });

export const useProductMappings = () => useQuery(productMappingsQueryOptions());
