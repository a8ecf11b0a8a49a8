import type { QueryClient } from '@tanstack/react-query';
import { checkInsQueryOptions } from './get-check-ins.ts';
import { myProgramsQueryOptions } from './get-my-programs.ts';
import { programsQueryOptions } from './get-programs.ts';
import { tonightQueryOptions } from './get-tonight.ts';

/** The addresses of "Your Programs" (spec 000 §2). */
export const MY_PROGRAMS_PATHS = ['/my-programs', '/programs/my-programs'];

/** Whether the address is "Your Programs", with or without a trailing slash (as the router matches it). */
export const isMyProgramsPath = (pathname: string) => MY_PROGRAMS_PATHS.includes(pathname.replace(/\/$/, ''));

/**
 * Asks at once for everything "Your Programs" shows, so that a learner opening the app on it waits for
 * one round trip beside the session check, not for the session check, then the screen, then its calls.
 * Signed out, the answers are errors, which the screen asks again for once it mounts.
 */
export function prefetchMyPrograms(client: QueryClient): void {
  void client.prefetchQuery(programsQueryOptions());
  void client.prefetchQuery(myProgramsQueryOptions());
  void client.prefetchQuery(tonightQueryOptions());
  void client.prefetchQuery(checkInsQueryOptions());
}
