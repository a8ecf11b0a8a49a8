import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import {
  ACCEPTED_IMAGES,
  IMAGE_MAX_BYTES,
  IMAGE_PURPOSES,
  MEBIBYTE,
  MEDIA_MESSAGES,
  type ImagePurpose,
} from '@sleep-ritual/contracts/media';
import { Button } from '../../../components/Button.tsx';
import { uploadImage } from '../api/upload-image.ts';
import { useReportUpload } from '../uploads-in-progress.tsx';
import type { Form } from '../use-form.ts';
import { useMediaUpload } from '../use-media-upload.ts';
import { useDescriptions } from './Fields.tsx';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

/** What a field shows of its media: the words for it, and the "Recommended size" or other hint. */
type Common = { form: Form; name: string; label: string; hint?: ReactNode };

/**
 * An image address field with its upload (admin content tools): type or paste an address as before,
 * or upload a file (the button, or drop it on the field); the server resizes it to the field's
 * recommended size and the address of the stored WebP fills the field. The preview shows the image as
 * the learner's card or cover will; "Remove" empties the field.
 */
export function ImageField({ form, name, label, hint, purpose }: Common & { purpose: ImagePurpose }) {
  const value = String(form.values[name] ?? '');
  const upload = useMediaUpload((file, options) => uploadImage(file, purpose, options));
  const [note, setNote] = useState('');

  async function send(file: File) {
    setNote('');
    if (file.size > IMAGE_MAX_BYTES) return upload.refuse(MEDIA_MESSAGES.imageTooLarge);
    const stored = await upload.start(file);
    if (!stored) return;
    form.set(name, stored.url);
    const enlarged = stored.sourceWidth < stored.width || stored.sourceHeight < stored.height;
    setNote(
      enlarged
        ? `Uploaded. The image was smaller than ${stored.width}x${stored.height} and was enlarged to it, so it may look soft.`
        : `Uploaded and resized to ${stored.width}x${stored.height}.`,
    );
  }

  return (
    <MediaField
      form={form}
      name={name}
      label={label}
      hint={hint}
      accept={IMAGE_TYPES}
      rules={`${ACCEPTED_IMAGES}, up to ${IMAGE_MAX_BYTES / MEBIBYTE} MB: upload one or drop it on this field.`}
      upload={upload}
      note={note}
      onFile={send}
      onRemove={() => setNote('')}
      preview={<ImagePreview src={value} purpose={purpose} label={label} />}
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

/** "Card Image URL" → "Card Image": the buttons name what they upload or remove. */
const subjectOf = (label: string) => label.replace(/ URL$/, '');

type Upload = ReturnType<typeof useMediaUpload<unknown>>;

/** The parts every media field shares: address, upload button, drop target, progress, preview, remove. */
function MediaField({
  form,
  name,
  label,
  hint,
  accept,
  rules,
  upload,
  note,
  onFile,
  onRemove,
  preview,
}: Common & {
  accept: string;
  rules: string;
  upload: Upload;
  note: string;
  onFile: (file: File) => Promise<void>;
  onRemove: () => void;
  preview: ReactNode;
}) {
  const { id, control, notes } = useDescriptions(form, name, hint);
  const value = String(form.values[name] ?? '');
  const subject = subjectOf(label);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  useReportUpload(name, upload.busy);

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
          {preview}
          <Button
            variant="ghost"
            aria-label={`Remove ${subject}`}
            onClick={() => {
              form.set(name, '');
              onRemove();
            }}
          >
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}
