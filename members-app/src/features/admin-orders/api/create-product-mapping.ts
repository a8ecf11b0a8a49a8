import { type CreateProductMapping, productMappingSchema } from '@sleep-ritual/contracts/product-mappings';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** 409 when the checkout item is mapped already. */
export const createProductMapping = (body: CreateProductMapping) =>
  api.post(productMappingSchema, '/api/admin/product-mappings', body);

export const useCreateProductMapping = () => useAdminMutation(createProductMapping);
