import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProgramSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

export const getProgram = (programId: number) =>
  api.get(adminProgramSchema, `/api/admin/programs/${programId}`);

export const programQueryOptions = (programId: number) =>
  queryOptions({ queryKey: adminKeys.programs.detail(programId), queryFn: () => getProgram(programId) });

export const useProgram = (programId: number) => useQuery(programQueryOptions(programId));
