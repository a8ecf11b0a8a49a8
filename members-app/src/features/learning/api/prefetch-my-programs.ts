import type { QueryClient } from '@tanstack/react-query';
import { checkInsQueryOptions } from './get-check-ins.ts';
import { myProgramsQueryOptions } from './get-my-programs.ts';
import { programsQueryOptions } from './get-programs.ts';
import { tonightQueryOptions } from './get-tonight.ts';

/**
 * Asks at once for everything "Your Programs" shows: the programmes, which the learner owns, tonight's
 * night on each card and the morning's check-in. A learner opening the app on it waits for one round
 * trip beside the session check, not for the session check, then the screen, then its calls; and the
 * screen renders once with all of it, rather than again as tonight's nights and the check-in arrive.
 * Signed out, the answers are errors, which the screen asks again for once it mounts. Settles (never
 * rejects) once every answer is in. (At start-up the calls have already left, from the entry: main.tsx.)
 */
export function prefetchMyPrograms(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(programsQueryOptions()),
    client.prefetchQuery(myProgramsQueryOptions()),
    client.prefetchQuery(tonightQueryOptions()),
    client.prefetchQuery(checkInsQueryOptions()),
  ]);
}
