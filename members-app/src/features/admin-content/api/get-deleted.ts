import { queryOptions, useQuery } from '@tanstack/react-query';
import { deletedContentSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

export const getDeleted = () => api.get(deletedContentSchema, '/api/admin/deleted');

export const deletedQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.deleted.lists(), queryFn: getDeleted });

export const useDeleted = () => useQuery(deletedQueryOptions());
