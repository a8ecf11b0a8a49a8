import { z } from 'zod';
import { VIMEO_LOOKUP_MESSAGES, type VimeoDetails } from '@sleep-ritual/contracts/admin';
import { NotFoundError, OutsideServiceError } from '@sleep-ritual/platform/errors';

/** The admin waits on this in the class form: past it, the form says Vimeo is unreachable. */
const LOOKUP_TIMEOUT_MS = 3_000;

/** The part of Vimeo's oEmbed answer the form offers; everything else is ignored. */
const oembedSchema = z.object({
  title: z.string().optional(),
  duration: z.number().optional(),
  thumbnail_url: z.string().optional(),
});

/**
 * A video's title, length and thumbnail from Vimeo's public oEmbed endpoint (no account needed),
 * asked from the server so the browser's Content-Security-Policy stays as it is. Vimeo unreachable,
 * slow or answering nonsense is a 503 whose message the form shows; a video Vimeo does not show to
 * others (private, deleted, unknown) is a 404.
 */
export async function lookUpVimeoVideo(oembedUrl: string, videoUrl: string): Promise<VimeoDetails> {
  const address = new URL(oembedUrl);
  address.searchParams.set('url', videoUrl);
  let response: Response;
  try {
    response = await fetch(address, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new OutsideServiceError(VIMEO_LOOKUP_MESSAGES.unreachable, error);
  }
  if ([401, 403, 404].includes(response.status)) throw new NotFoundError(VIMEO_LOOKUP_MESSAGES.notFound);
  const parsed = response.ok
    ? oembedSchema.safeParse(await response.json().catch(() => undefined))
    : undefined;
  if (!parsed?.success)
    throw new OutsideServiceError(VIMEO_LOOKUP_MESSAGES.unreachable, `Vimeo answered ${response.status}`);
  const { title, duration, thumbnail_url: thumbnail } = parsed.data;
  return {
    title: title?.trim() || null,
    durationSeconds: duration !== undefined && duration > 0 ? Math.round(duration) : null,
    thumbnailUrl: thumbnail?.startsWith('https://') ? thumbnail : null,
  };
}
