import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import {
  ACCEPTED_AUDIO,
  ACCEPTED_IMAGES,
  AUDIO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  IMAGE_PURPOSES,
  MEBIBYTE,
  MEDIA_MESSAGES,
  minutesOf,
  type ImagePurpose,
} from '@sleep-ritual/contracts/media';
import { Button } from '../../../components/Button.tsx';
import { clockTime } from '../../../lib/clock-time.ts';
import { uploadAudio } from '../api/upload-audio.ts';
import { uploadImage } from '../api/upload-image.ts';
import { useReportUpload } from '../uploads-in-progress.tsx';
import type { Form } from '../use-form.ts';
import { useMediaUpload } from '../use-media-upload.ts';
import { useDescriptions } from './Fields.tsx';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';
const AUDIO_TYPES =
  'audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,audio/opus,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.ogg,.opus,.wav';

/** What a field shows of its media: the words for it, and the "Recommended size" or other hint. */
type Common = { form: Form; name: string; label: string; hint?: ReactNode };

/**
 * An image address field with its upload (admin content tools): type or paste an address as before,
 * or upload a file (the button, or drop it on the field); the server resizes it to the field's
 * recommended size and the address of the stored WebP fills the field. The preview shows the image as
 * the learner's card or cover will; "Remove" empties the field.
 */
export function ImageField({ form, name, label, hint, purpose }: Common & { purpose: ImagePurpose }) {
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

/**
 * The class's audio track (listen mode) with its upload: the stored track's address fills the field,
 * the preview plays it and says how long it is, and its length is offered as the class's duration
 * (`durationField`, in whole minutes), never filled in by itself.
 */
export function AudioField({ form, name, label, hint, durationField }: Common & { durationField: string }) {
  const [seconds, setSeconds] = useState<number | null>(null);
  const minutes = seconds ? minutesOf(seconds) : null;
  const offer = minutes !== null && String(minutes) !== String(form.values[durationField] ?? '');
  return (
    <MediaField
      form={form}
      name={name}
      label={label}
      hint={hint}
      accept={AUDIO_TYPES}
      rules={`${ACCEPTED_AUDIO}, up to ${AUDIO_MAX_BYTES / MEBIBYTE} MB: upload one or drop it on this field.`}
      maxBytes={AUDIO_MAX_BYTES}
      tooLarge={MEDIA_MESSAGES.audioTooLarge}
      send={(file, options) => uploadAudio(file, options)}
      onStored={(stored) => {
        setSeconds(stored.durationSeconds);
        return `Uploaded: ${clockTime(stored.durationSeconds)} long.`;
      }}
      onRemove={() => setSeconds(null)}
      preview={(value) => (
        <>
          <audio
            key={value}
            className="media-preview-audio"
            controls
            preload="metadata"
            src={value}
            aria-label={`Preview of the ${subjectOf(label).toLowerCase()}`}
            onLoadedMetadata={(event) => {
              const length = event.currentTarget.duration;
              if (Number.isFinite(length) && length > 0) setSeconds(Math.round(length));
            }}
          />
          {seconds !== null && <p className="field-hint">Length: {clockTime(seconds)}</p>}
          {offer && (
            <Button variant="ghost" onClick={() => form.set(durationField, String(minutes))}>
              Use {minutes} {minutes === 1 ? 'minute' : 'minutes'} as the duration
            </Button>
          )}
        </>
      )}
    />
  );
}

/** "Card Image URL" → "Card Image": the buttons name what they upload or remove. */
const subjectOf = (label: string) => label.replace(/ URL$/, '');

/**
 * The parts every media field shares: address, upload button, drop target, progress, the note of what
 * was stored, preview and remove.
 */
function MediaField<Stored extends { url: string }>({
  form,
  name,
  label,
  hint,
  accept,
  rules,
  maxBytes,
  tooLarge,
  send,
  onStored,
  onRemove,
  preview,
}: Common & {
  accept: string;
  rules: string;
  maxBytes: number;
  tooLarge: string;
  send: Parameters<typeof useMediaUpload<Stored>>[0];
  /** What to do with a stored file beyond filling the field; answers the note that says what was stored. */
  onStored: (stored: Stored) => string;
  onRemove?: () => void;
  preview: (value: string) => ReactNode;
}) {
  const upload = useMediaUpload(send);
  const [note, setNote] = useState('');
  const { id, control, notes } = useDescriptions(form, name, hint);
  const value = String(form.values[name] ?? '');
  const subject = subjectOf(label);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  useReportUpload(name, upload.busy);

  async function onFile(file: File) {
    setNote('');
    if (file.size > maxBytes) return upload.refuse(tooLarge);
    const stored = await upload.start(file);
    if (!stored) return;
    form.set(name, stored.url);
    setNote(onStored(stored));
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !upload.busy) void onFile(file);
  }

  return (
    <div
      className={`field media-field${dragging ? ' is-dragging' : ''}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <label htmlFor={id}>{label}</label>
      <div className="media-field-row">
        <input
          {...control}
          type="url"
          value={value}
          placeholder="https://… or /media/…"
          onChange={(event) => form.set(name, event.target.value)}
        />
        <Button
          variant="secondary"
          disabled={upload.busy}
          aria-label={`Upload ${subject}`}
          onClick={() => fileInput.current?.click()}
        >
          Upload
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={accept}
          hidden
          data-field={name}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void onFile(file);
          }}
        />
      </div>
      {notes}
      <p className="field-hint">{rules}</p>
      {upload.progress !== null && (
        <div className="media-progress">
          <progress max={1} value={upload.progress} aria-label={`Uploading ${subject}`} />
          <span aria-hidden="true">{Math.round(upload.progress * 100)}%</span>
          <Button variant="ghost" onClick={upload.cancel}>
            Cancel upload
          </Button>
        </div>
      )}
      {upload.error && (
        <p className="field-error" role="alert">
          {upload.error}
        </p>
      )}
      <p className="field-hint media-note" role="status">
        {note}
      </p>
      {value && (
        <div className="media-preview">
          {preview(value)}
          <Button
            variant="ghost"
            aria-label={`Remove ${subject}`}
            onClick={() => {
              form.set(name, '');
              setNote('');
              onRemove?.();
            }}
          >
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}
