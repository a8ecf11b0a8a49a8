import type { QueryClient } from '@tanstack/react-query';
import { checkInsQueryOptions } from './get-check-ins.ts';
import { myProgramsQueryOptions } from './get-my-programs.ts';
import { programsQueryOptions } from './get-programs.ts';
import { tonightQueryOptions } from './get-tonight.ts';

/**
 * Asks at once for everything "Your Programs" shows, so that a learner opening the app on it waits for
 * one round trip beside the session check, not for the session check, then the screen, then its calls.
 * Signed out, the answers are errors, which the screen asks again for once it mounts. Settles (never
 * rejects) once the cards' answers are in: the programmes and which the learner owns; tonight's nights
 * and the check-ins are extras, which the screen shows when they come. (At start-up the cards' calls
 * have already left, from the entry: main.tsx.)
 */
export function prefetchMyPrograms(client: QueryClient): Promise<unknown> {
  void client.prefetchQuery(tonightQueryOptions());
  void client.prefetchQuery(checkInsQueryOptions());
  return Promise.all([
    client.prefetchQuery(programsQueryOptions()),
    client.prefetchQuery(myProgramsQueryOptions()),
  ]);
}
