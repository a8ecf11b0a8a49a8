import { useState } from 'react';
import {
  ACCEPTED_IMAGES,
  IMAGE_MAX_BYTES,
  IMAGE_PURPOSES,
  MEBIBYTE,
  MEDIA_MESSAGES,
  type ImagePurpose,
} from '@sleep-ritual/contracts/media';
import type { Form } from '../../../lib/admin/use-form.ts';
import { uploadImage } from '../api/upload-media.ts';
import { MediaField, subjectOf, type MediaFieldText } from './MediaField.tsx';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * An image address field with its upload (admin content tools): type or paste an address as before,
 * or upload a file (the button, or drop it on the field); the server resizes it to the field's
 * recommended size and the address of the stored WebP fills the field. The preview shows the image as
 * the learner's card or cover will; "Remove" empties the field.
 */
export function ImageField({ form, name, label, hint, purpose }: MediaFieldText & { purpose: ImagePurpose }) {
  return (
    <MediaField
      form={form}
      name={name}
      label={label}
      hint={hint}
      accept={IMAGE_TYPES}
      rules={`${ACCEPTED_IMAGES}, up to ${IMAGE_MAX_BYTES / MEBIBYTE} MB: upload one or drop it on this field.`}
      maxBytes={IMAGE_MAX_BYTES}
      tooLarge={MEDIA_MESSAGES.imageTooLarge}
      send={(file, options) => uploadImage(file, purpose, options)}
      onStored={(stored) =>
        stored.sourceWidth < stored.width || stored.sourceHeight < stored.height
          ? `Uploaded. The image was smaller than ${stored.width}x${stored.height} and was enlarged to it, so it may look soft.`
          : `Uploaded and resized to ${stored.width}x${stored.height}.`
      }
      preview={(value) => <ImagePreview src={value} purpose={purpose} label={label} />}
    />
  );
}

/** The image at the shape the learner sees it: a card (16:9, card-wide) or a cover (full width). */
function ImagePreview({ src, purpose, label }: { src: string; purpose: ImagePurpose; label: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [width, height] = IMAGE_PURPOSES[purpose].split('x').map(Number);
  if (failed === src) return <p className="field-error">No image could be loaded from this address.</p>;
  return (
    <img
      className={`media-preview-image is-${purpose.endsWith('card') ? 'card' : 'cover'}`}
      style={{ aspectRatio: `${width} / ${height}` }}
      src={src}
      alt={`Preview of the ${subjectOf(label).toLowerCase()}`}
      onError={() => setFailed(src)}
    />
  );
}

/**
 * The card and cover images of a programme or path, each with its recommended size (§3) and an upload
 * that resizes to it.
 */
export function ImageUrlInputs({ form, level }: { form: Form; level: 'program' | 'path' }) {
  return (
    <>
      <ImageField
        form={form}
        name="cardImageUrl"
        label="Card Image URL"
        purpose={`${level}-card`}
        hint={`Recommended size: ${IMAGE_PURPOSES[`${level}-card`]}`}
      />
      <ImageField
        form={form}
        name="coverArtUrl"
        label="Cover Art URL"
        purpose={`${level}-cover`}
        hint={`Recommended size: ${IMAGE_PURPOSES[`${level}-cover`]}`}
      />
    </>
  );
}
