import { adminPathListSchema, type OrderUpdate } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const reorderPaths = ({ phaseId, updates }: { phaseId: number; updates: OrderUpdate[] }) =>
  api.patch(adminPathListSchema, `/api/admin/phases/${phaseId}/paths/reorder`, { paths: updates });

export const useReorderPaths = () =>
  useAdminMutation(reorderPaths, {
    answerKey: ({ phaseId }) => adminKeys.paths.list(phaseId),
    answerRows: () => adminKeys.paths,
  });
