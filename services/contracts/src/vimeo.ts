/**
 * The one reader of Vimeo links, shared by the admin form (which refuses a link naming no single
 * video), the catalog (which hands learners the numeric id) and the player (which also needs an
 * unlisted video's hash and the link's start time).
 */
export type VimeoVideo = {
  id: number;
  /** The privacy hash of an unlisted video (vimeo.com/ID/HASH, ?h=HASH): the player needs it. */
  hash: string | null;
  /** A `#t=` start time (`#t=90`, `#t=1m30s`) in seconds. */
  startSeconds: number | null;
};

export const VIMEO_LINK_MESSAGE =
  'Video URL must be a link to one Vimeo video, like https://vimeo.com/123456789 (a showcase, channel or profile link names no single video)';

const HASH = /^[\da-f]{6,40}$/i;

/**
 * Every public form of a video link: vimeo.com/ID, vimeo.com/ID/HASH, player.vimeo.com/video/ID?h=HASH,
 * vimeo.com/channels/NAME/ID, vimeo.com/groups/NAME/videos/ID, vimeo.com/showcase/ID/video/ID,
 * vimeo.com/album/ID/video/ID and vimeo.com/manage/videos/ID[/HASH], with or without www., a query string
 * and a #t= start time. A bare number is a stored id. Anything naming no single video is null.
 */
export function parseVimeoLink(link: string | null | undefined): VimeoVideo | null {
  const text = link?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return video(text, null, null);

  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const found =
    host === 'player.vimeo.com' ? playerPath(segments) : host === 'vimeo.com' ? sitePath(segments) : null;
  if (!found) return null;
  const queryHash = url.searchParams.get('h');
  const hash = found.hash ?? (queryHash && HASH.test(queryHash) ? queryHash : null);
  return video(found.id, hash, startTime(url));
}

/** The numeric id of a stored class video, or null (no player). */
export function extractVimeoId(link: string | null | undefined): number | null {
  return parseVimeoLink(link)?.id ?? null;
}

type Found = { id: string; hash: string | null };

function playerPath([first, id]: string[]): Found | null {
  return first === 'video' && isId(id) ? { id, hash: null } : null;
}

function sitePath(segments: string[]): Found | null {
  const [first, second, third, fourth, fifth] = segments;
  const withHash = (id: string, hash: string | undefined, rest: number): Found | null =>
    segments.length === rest
      ? { id, hash: null }
      : segments.length === rest + 1 && hash && HASH.test(hash)
        ? { id, hash }
        : null;

  if (isId(first)) return withHash(first, second, 1);
  if (first === 'channels' && second && isId(third)) return withHash(third, fourth, 3);
  if (first === 'groups' && second && third === 'videos' && isId(fourth)) return withHash(fourth, fifth, 4);
  if ((first === 'showcase' || first === 'album') && isId(second) && third === 'video' && isId(fourth)) {
    return withHash(fourth, fifth, 4);
  }
  if (first === 'manage' && second === 'videos' && isId(third)) return withHash(third, fourth, 3);
  return null;
}

function isId(segment: string | undefined): segment is string {
  return segment !== undefined && /^\d{1,15}$/.test(segment);
}

function video(digits: string, hash: string | null, startSeconds: number | null): VimeoVideo | null {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? { id, hash, startSeconds } : null;
}

/** `#t=90`, `#t=90s`, `#t=1m30s`, `#t=1h2m3s` (or the same as a `t` query parameter). */
function startTime(url: URL): number | null {
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const value = fragment.get('t') ?? url.searchParams.get('t');
  const match = value?.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/i);
  if (!value || !match) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : null;
}
