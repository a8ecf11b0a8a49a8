import { queryOptions, useQuery } from '@tanstack/react-query';
import { productMappingListSchema } from '@sleep-ritual/contracts/product-mappings';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

export const getProductMappings = () => api.get(productMappingListSchema, '/api/admin/product-mappings');

export const productMappingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.productMappings.list(), queryFn: getProductMappings });

export const useProductMappings = () => useQuery(productMappingsQueryOptions());
