import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { useDescriptions } from '../../../components/admin/Fields.tsx';
import { ApiError, errorMessage, type UploadProgress } from '../../../lib/api-client.ts';
import { useReportUpload } from '../../../lib/admin/uploads-in-progress.tsx';
import type { Form } from '../../../lib/admin/use-form.ts';

/** What a field shows of its media: the words for it, and the "Recommended size" or other hint. */
export type MediaFieldText = { form: Form; name: string; label: string; hint?: ReactNode };

/** "Card Image URL" → "Card Image": the buttons name what they upload or remove. */
export const subjectOf = (label: string) => label.replace(/ URL$/, '');

/**
 * The parts every media field shares: address, upload button, drop target, progress, the note of what
 * was stored, preview and remove.
 */
export function MediaField<Stored extends { url: string }>({
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
}: MediaFieldText & {
  accept: string;
  rules: string;
  maxBytes: number;
  tooLarge: string;
  send: Send<Stored>;
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
  useReportUpload(name, upload.busy);

  async function onFile(file: File) {
    setNote('');
    if (file.size > maxBytes) return upload.refuse(tooLarge);
    const stored = await upload.start(file);
    if (!stored) return;
    form.set(name, stored.url);
    setNote(onStored(stored));
  }

  const drop = useFileDrop((file) => void onFile(file), upload.busy);

  return (
    <div className={`field media-field${drop.dragging ? ' is-dragging' : ''}`} {...drop.targetProps}>
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
          busy={upload.busy}
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
        <UploadProgressBar progress={upload.progress} subject={subject} onCancel={upload.cancel} />
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
        <MediaPreview
          subject={subject}
          onRemove={() => {
            form.set(name, '');
            setNote('');
            onRemove?.();
          }}
        >
          {preview(value)}
        </MediaPreview>
      )}
    </div>
  );
}

/** How far the upload is, with its Cancel. */
function UploadProgressBar({
  progress,
  subject,
  onCancel,
}: {
  progress: number;
  subject: string;
  onCancel: () => void;
}) {
  return (
    <div className="media-progress">
      <progress max={1} value={progress} aria-label={`Uploading ${subject}`} />
      <span aria-hidden="true">{Math.round(progress * 100)}%</span>
      <Button variant="ghost" onClick={onCancel}>
        Cancel upload
      </Button>
    </div>
  );
}

/** The field's media as the learner will meet it, and Remove, which empties the field. */
function MediaPreview({
  subject,
  onRemove,
  children,
}: {
  subject: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <div className="media-preview">
      {children}
      <Button variant="ghost" aria-label={`Remove ${subject}`} onClick={onRemove}>
        Remove
      </Button>
    </div>
  );
}

type Send<Answer> = (
  file: File,
  options: { onProgress: UploadProgress; signal: AbortSignal },
) => Promise<Answer>;

const UNREACHABLE = 'The upload could not reach the server. Check the connection and try again.';
const FAILED = 'The upload failed. Please try again.';

/**
 * One field's upload: its progress (0 to 1, null when none runs), the reason of the last failure, and
 * cancel. Leaving the screen cancels an upload still running.
 */
function useMediaUpload<Answer>(send: Send<Answer>) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  async function start(file: File): Promise<Answer | undefined> {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress(0);
    try {
      return await send(file, {
        signal: controller.signal,
        onProgress: (sent, total) => setProgress(total > 0 ? sent / total : 0),
      });
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        setError(
          failure instanceof ApiError && failure.status === 0 ? UNREACHABLE : errorMessage(failure, FAILED),
        );
      }
      return undefined;
    } finally {
      if (running.current === controller) {
        running.current = undefined;
        setProgress(null);
      }
    }
  }

  return {
    start,
    progress,
    busy: progress !== null,
    error,
    /** Shows a refusal found before sending (a file too large), as an upload failure would show. */
    refuse: (message: string) => setError(message),
    cancel: () => running.current?.abort(),
  };
}

/**
 * A drop target for one file: `dragging` while files are held over it; the first dropped file goes to
 * `onFile` unless the target is busy.
 */
function useFileDrop(onFile: (file: File) => void, busy: boolean) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    targetProps: {
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file && !busy) onFile(file);
      },
    },
  };
}
