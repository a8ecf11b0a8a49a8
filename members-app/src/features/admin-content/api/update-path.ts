import { adminPathSchema, type UpdatePathInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { pathUrl, type PathAddress } from './path-address.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const updatePath = ({ address, body }: { address: PathAddress; body: UpdatePathInput }) =>
  api.patch(adminPathSchema, pathUrl(address), body);

export const useUpdatePath = () => useAdminMutation(updatePath, { answerRows: () => adminKeys.paths });
