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
 * Content-Security-Policy does not allow (it admits frames from player.vimeo.com only). An unlisted
 * video (vimeo.com/123/abcdef, or ?h=abcdef) also needs its hash to play.
 */
export function vimeoEmbedUrl(vimeoId: number, storedUrl?: string | null): string {
  const params = new URLSearchParams({
    dnt: flag(VIMEO_PLAYER_OPTIONS.dnt),
    title: flag(VIMEO_PLAYER_OPTIONS.title),
    byline: flag(VIMEO_PLAYER_OPTIONS.byline),
    portrait: flag(VIMEO_PLAYER_OPTIONS.portrait),
  });
  const hash = unlistedHash(vimeoId, storedUrl);
  if (hash) params.set('h', hash);
  return `https://player.vimeo.com/video/${vimeoId}?${params.toString()}`;
}

function flag(value: boolean): string {
  return value ? '1' : '0';
}

function unlistedHash(vimeoId: number, storedUrl: string | null | undefined): string | null {
  if (!storedUrl) return null;
  let url: URL;
  try {
    url = new URL(
      /^[a-z][a-z\d+.-]*:\/\//i.test(storedUrl.trim()) ? storedUrl.trim() : `https://${storedUrl.trim()}`,
    );
  } catch {
    return null;
  }
  const fromQuery = url.searchParams.get('h');
  if (fromQuery && /^[\da-f]+$/i.test(fromQuery)) return fromQuery;
  const segments = url.pathname.split('/').filter(Boolean);
  const next = segments[segments.indexOf(String(vimeoId)) + 1];
  return segments.includes(String(vimeoId)) && next && /^[\da-f]{6,}$/i.test(next) ? next : null;
}
