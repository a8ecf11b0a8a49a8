const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/**
 * The Vimeo id of a stored class video: the numeric id after the host path of the URL the admin entered
 * (vimeo.com/123, player.vimeo.com/video/123, vimeo.com/123/abcdef for an unlisted video,
 * vimeo.com/channels/name/123). A bare number is taken as the id itself. Anything else is null: no player.
 */
export function extractVimeoId(url: string | null | undefined): number | null {
  const text = url?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return toId(text);

  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !VIMEO_HOSTS.has(parsed.hostname.toLowerCase())) {
    return null;
  }
  const numeric = parsed.pathname.split('/').find((segment) => /^\d+$/.test(segment));
  return numeric ? toId(numeric) : null;
}

function toId(digits: string): number | null {
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
