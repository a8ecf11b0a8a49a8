import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProgramListSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../api-client.ts';
import { adminKeys } from './keys.ts';

export const getPrograms = () => api.get(adminProgramListSchema, '/api/admin/programs');

export const programsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.programs.list(), queryFn: getPrograms });

export const usePrograms = () => useQuery(programsQueryOptions());
