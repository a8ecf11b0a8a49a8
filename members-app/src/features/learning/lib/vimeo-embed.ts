import { parseVimeoLink } from '@sleep-ritual/contracts/vimeo';

/**
 * Spec 000 §2: the player is responsive in a 16:9 box, with do-not-track on and the title, byline and
 * portrait hidden. The responsive 16:9 box is the page's own (see .video-box); the rest are the
 * player's URL parameters.
 */
export const VIMEO_PLAYER_OPTIONS = {
  responsive: true,
  dnt: true,
  title: false,
  byline: false,
  portrait: false,
} as const;

/**
 * The embed address of a video. The page builds the iframe itself and hands it to @vimeo/player: given
 * only an id, the library would first ask vimeo.com's oEmbed API for the embed code, a call the
 * Content-Security-Policy does not allow (it admits frames from player.vimeo.com only). The stored link,
 * read by the one Vimeo parser, adds an unlisted video's hash (it does not play without it) and a
 * `#t=` start time, which the player takes from the fragment.
 */
export function vimeoEmbedUrl(vimeoId: number, storedUrl?: string | null): string {
  const params = new URLSearchParams({
    dnt: flag(VIMEO_PLAYER_OPTIONS.dnt),
    title: flag(VIMEO_PLAYER_OPTIONS.title),
    byline: flag(VIMEO_PLAYER_OPTIONS.byline),
    portrait: flag(VIMEO_PLAYER_OPTIONS.portrait),
  });
  const link = parseVimeoLink(storedUrl);
  const same = link?.id === vimeoId ? link : null;
  if (same?.hash) params.set('h', same.hash);
  const start = same?.startSeconds ? `#t=${same.startSeconds}s` : '';
  return `https://player.vimeo.com/video/${vimeoId}?${params.toString()}${start}`;
}

function flag(value: boolean): string {
  return value ? '1' : '0';
}
