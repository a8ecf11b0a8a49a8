import { deletedSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { pathUrl, type PathAddress } from './path-address.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** A soft delete of the path and its classes. */
export const deletePath = (address: PathAddress) => api.delete(deletedSchema, pathUrl(address));

export const useDeletePath = () => useAdminMutation(deletePath, { leavesScreen: true });
