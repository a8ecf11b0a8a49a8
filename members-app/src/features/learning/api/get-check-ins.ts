import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SleepCheckIns } from '@sleep-ritual/contracts/sleep-check-ins';
import { api } from '../../../lib/api-client.ts';
import { checkInsCall } from './card-calls.ts';
import { learningKeys } from './keys.ts';

/** The night to ask "How did you sleep?" about (if any) and every night answered so far. */
export async function getCheckIns(): Promise<SleepCheckIns> {
  return api.get(() => checkInsCall.contract().then((m) => m.sleepCheckInsSchema), checkInsCall.url);
}

export const checkInsQueryOptions = () =>
  queryOptions({ queryKey: learningKeys.checkIns(), queryFn: getCheckIns });

export function useCheckIns() {
  return useQuery(checkInsQueryOptions());
}
