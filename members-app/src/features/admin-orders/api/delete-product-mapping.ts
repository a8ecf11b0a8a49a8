import { productMappingDeletedSchema } from '@sleep-ritual/contracts/product-mappings';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const deleteProductMapping = (mappingId: number) =>
  api.delete(productMappingDeletedSchema, `/api/admin/product-mappings/${mappingId}`);

export const useDeleteProductMapping = () => useAdminMutation(deleteProductMapping);
