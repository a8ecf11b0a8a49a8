import { adminClassSchema, type CreateClassInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const createClass = ({ pathId, body }: { pathId: number; body: CreateClassInput }) =>
  api.post(adminClassSchema, `/api/admin/paths/${pathId}/classes`, body);

export const useCreateClass = () => useAdminMutation(createClass);
