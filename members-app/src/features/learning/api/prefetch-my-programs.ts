import type { QueryClient } from '@tanstack/react-query';
import { fallbackImages } from '../lib/images.ts';
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
 * Signed out, the answers are errors, which the screen asks again for once it mounts. Settles (never
 * rejects) once the cards' answers are in: the programmes and which the learner owns; tonight's nights
 * and the check-ins are extras, which the screen shows when they come.
 */
export function prefetchMyPrograms(client: QueryClient): Promise<unknown> {
  void client.prefetchQuery(tonightQueryOptions());
  void client.prefetchQuery(checkInsQueryOptions());
  return Promise.all([
    client.prefetchQuery(programsQueryOptions()).then(() => {
      // The first card's picture is the page's largest paint: it is asked for as soon as its address
      // is known, not once the screen has rendered the card (ProgramCard shows the same address).
      const [first] = client.getQueryData(programsQueryOptions().queryKey) ?? [];
      if (!first) return;
      const picture = new Image();
      picture.fetchPriority = 'high';
      picture.src = first.cardImageUrl || fallbackImages.programCard;
    }),
    client.prefetchQuery(myProgramsQueryOptions()),
  ]);
}
