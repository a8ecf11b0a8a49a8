import { parseWebVtt, TRANSCRIPT_MESSAGES } from '@sleep-ritual/contracts/webvtt';
import { BadRequestError, NotFoundError } from '@sleep-ritual/platform/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { ClassFinder } from '../data/learner-classes.ts';
import { readTranscript, removeTranscript, writeTranscript } from '../data/class-transcripts.ts';
import { getLive } from './admin-content.ts';
import { getClassDetails } from './learner-catalog.ts';

/**
 * Stores a class's transcript once it reads as WebVTT; a file that does not is refused with the line
 * and what is wrong there, so the admin can fix it.
 */
export async function saveTranscript(
  deps: ServiceDeps,
  classId: number,
  vtt: string,
): Promise<{ cues: number }> {
  await getLive(deps, 'class', classId);
  const parsed = parseWebVtt(vtt);
  if (!parsed.ok) throw new BadRequestError(`This is not WebVTT. Line ${parsed.line}: ${parsed.error}.`);
  await writeTranscript(deps.db, classId, vtt);
  return { cues: parsed.cues.length };
}

export async function deleteTranscript(deps: ServiceDeps, classId: number): Promise<void> {
  await getLive(deps, 'class', classId);
  await removeTranscript(deps.db, classId);
}

/** The transcript for the admin's form. */
export async function adminTranscript(deps: ServiceDeps, classId: number): Promise<string> {
  await getLive(deps, 'class', classId);
  return found(await readTranscript(deps.db, classId));
}

/** The transcript for a learner who may open the class (403/404 as the class details answer otherwise). */
export async function learnerTranscript(
  deps: ServiceDeps & { findClass: ClassFinder },
  userId: number,
  classId: number,
  preview: boolean,
): Promise<string> {
  await getClassDetails(deps, userId, classId, preview);
  return found(await readTranscript(deps.db, classId));
}

function found(vtt: string | undefined): string {
  if (vtt === undefined) throw new NotFoundError(TRANSCRIPT_MESSAGES.none);
  return vtt;
}
