import { useEffect, useState } from 'react';
import { VIMEO_LOOKUP_MESSAGES, type VimeoDetails as Details } from '@sleep-ritual/contracts/admin';
import { minutesOf as minutes } from '@sleep-ritual/contracts/media';
import { parseVimeoLink } from '@sleep-ritual/contracts/vimeo';
import { Button } from '../../../components/Button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVimeoDetails } from '../api/get-vimeo-details.ts';
import type { Form } from '../../../lib/admin/use-form.ts';

/** The look-up waits this long after the last keystroke in the video field. */
export const VIMEO_LOOKUP_DEBOUNCE_MS = 500;

/** A link the look-up can ask about: a full http(s) link to one Vimeo video. */
function lookupLink(text: string): string | null {
  const link = text.trim();
  return /^https?:\/\//i.test(link) && parseVimeoLink(link) ? link : null;
}

/**
 * Under the class form's video field: what Vimeo says of the video (title, length, thumbnail), each
 * offered with a button that fills the matching field. Nothing is filled by itself, and a failed look-up
 * only says so: the class saves either way.
 */
export function VimeoDetails({ form }: { form: Form }) {
  const typed = String(form.values.vimeoVideoId ?? '');
  const [link, setLink] = useState(() => lookupLink(typed));
  useEffect(() => {
    const next = lookupLink(typed);
    const timer = window.setTimeout(() => setLink(next), VIMEO_LOOKUP_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const details = useVimeoDetails(link);

  if (!link || link !== lookupLink(typed)) return null;
  return (
    <section
      className="vimeo-details"
      aria-label="From Vimeo"
      aria-live="polite"
      aria-busy={details.isFetching}
    >
      {details.isPending ? (
        <p className="field-hint">Looking the video up on Vimeo...</p>
      ) : details.isError ? (
        <p className="field-hint">{errorMessage(details.error, VIMEO_LOOKUP_MESSAGES.unreachable)}</p>
      ) : (
        <Offers details={details.data} form={form} />
      )}
    </section>
  );
}

function Offers({ details, form }: { details: Details; form: Form }) {
  const { title, durationSeconds, thumbnailUrl } = details;
  const offers = [
    title && title !== form.values.title
      ? { label: `Use the title “${title}”`, field: 'title', value: title }
      : null,
    durationSeconds && String(minutes(durationSeconds)) !== form.values.durationMinutes
      ? {
          label: `Use ${minutes(durationSeconds)} minutes as the duration`,
          field: 'durationMinutes',
          value: String(minutes(durationSeconds)),
        }
      : null,
    thumbnailUrl && thumbnailUrl !== form.values.coverArtUrl
      ? { label: 'Use the thumbnail as the cover', field: 'coverArtUrl', value: thumbnailUrl }
      : null,
  ].filter((offer) => offer !== null);

  return (
    <div className="vimeo-offers">
      {thumbnailUrl && <img src={thumbnailUrl} alt="" className="vimeo-thumbnail" />}
      <div>
        <p className="field-hint">
          Vimeo: {title ?? 'untitled'}
          {durationSeconds ? ` · ${minutes(durationSeconds)} min` : ''}
        </p>
        {offers.length > 0 && (
          <div className="vimeo-offer-buttons">
            {offers.map((offer) => (
              <Button key={offer.field} variant="ghost" onClick={() => form.set(offer.field, offer.value)}>
                {offer.label}
              </Button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
