import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProgramListSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../api-client.ts';
import { adminKeys } from './keys.ts';

export const getAdminPrograms = () => api.get(adminProgramListSchema, '/api/admin/programs');

export const adminProgramsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.programs.list(), queryFn: getAdminPrograms });

export const useAdminPrograms = () => useQuery(adminProgramsQueryOptions());
