import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramCard } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { myProgramsCall } from './card-calls.ts';
import { learningKeys } from './keys.ts';

/** Spec 000 §6–§7: the programmes the learner owns; their ids decide locks and the upgrade banner. */
export async function getMyPrograms(): Promise<ProgramCard[]> {
  return api.get(() => myProgramsCall.contract().then((m) => m.myProgramsSchema), myProgramsCall.url);
}

export const myProgramsQueryOptions = () =>
  queryOptions({ queryKey: learningKeys.myPrograms(), queryFn: getMyPrograms });

export function useMyPrograms() {
  return useQuery(myProgramsQueryOptions());
}
