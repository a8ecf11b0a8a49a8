import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tonight } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { tonightCall } from './card-calls.ts';
import { learningKeys } from './keys.ts';
import { useRefetchAtOpening } from './refetch-at-opening.ts';

/** The class to listen to tonight in each owned programme, chosen by the server in one call. */
export async function getTonight(): Promise<Tonight[]> {
  return api.get(() => tonightCall.contract().then((m) => m.tonightListSchema), tonightCall.url);
}

export const tonightQueryOptions = () =>
  queryOptions({ queryKey: learningKeys.tonight(), queryFn: getTonight });

export function useTonight() {
  const query = useQuery(tonightQueryOptions());
  useRefetchAtOpening(query);
  return query;
}
