import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramCard } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { programsCall } from './card-calls.ts';
import { learningKeys } from './keys.ts';

/** Spec 000 §7: every programme, as cards. */
export async function getPrograms(): Promise<ProgramCard[]> {
  return api.get(() => programsCall.contract().then((m) => m.programListSchema), programsCall.url);
}

export const programsQueryOptions = () =>
  queryOptions({ queryKey: learningKeys.programList(), queryFn: getPrograms });

export function usePrograms({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...programsQueryOptions(), enabled });
}
