// No zod here: the members app's first screen checks saved nights before anything else loads.

/** Stored files are served under this prefix, by their name. */
export const MEDIA_URL_PREFIX = '/media/';

/**
 * Whether a class's track can be saved for listening offline: a file of this origin's media. A track at
 * an https address elsewhere plays, but the app can neither download it nor answer for it offline.
 */
export function isSavableTrack(audioUrl: string | null | undefined): audioUrl is string {
  return audioUrl?.startsWith(MEDIA_URL_PREFIX) ?? false;
}
