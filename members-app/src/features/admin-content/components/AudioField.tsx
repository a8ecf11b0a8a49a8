import { useState } from 'react';
import {
  ACCEPTED_AUDIO,
  AUDIO_MAX_BYTES,
  MEBIBYTE,
  MEDIA_MESSAGES,
  minutesOf,
} from '@sleep-ritual/contracts/media';
import { Button } from '../../../components/Button.tsx';
import { clockTime } from '../../../lib/clock-time.ts';
import { uploadAudio } from '../api/upload-media.ts';
import { MediaField, subjectOf, type MediaFieldText } from './MediaField.tsx';

const AUDIO_TYPES =
  'audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,audio/opus,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.ogg,.opus,.wav';

/**
 * The class's audio track (listen mode) with its upload: the stored track's address fills the field,
 * the preview plays it and says how long it is, and its length is offered as the class's duration
 * (`durationField`, in whole minutes), never filled in by itself.
 */
export function AudioField({
  form,
  name,
  label,
  hint,
  durationField,
}: MediaFieldText & { durationField: string }) {
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
        <AudioPreview
          src={value}
          label={label}
          seconds={seconds}
          onLength={setSeconds}
          offeredMinutes={offer ? minutes : null}
          onUseMinutes={(value) => form.set(durationField, String(value))}
        />
      )}
    />
  );
}

/**
 * The stored track in a player, its length, and the offer of that length as the class's duration
 * (`offeredMinutes`, null when there is nothing to offer).
 */
function AudioPreview({
  src,
  label,
  seconds,
  onLength,
  offeredMinutes,
  onUseMinutes,
}: {
  src: string;
  label: string;
  seconds: number | null;
  onLength: (seconds: number) => void;
  offeredMinutes: number | null;
  onUseMinutes: (minutes: number) => void;
}) {
  return (
    <>
      <audio
        key={src}
        className="media-preview-audio"
        controls
        preload="metadata"
        src={src}
        aria-label={`Preview of the ${subjectOf(label).toLowerCase()}`}
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration;
          if (Number.isFinite(length) && length > 0) onLength(Math.round(length));
        }}
      />
      {seconds !== null && <p className="field-hint">Length: {clockTime(seconds)}</p>}
      {offeredMinutes !== null && (
        <Button variant="ghost" onClick={() => onUseMinutes(offeredMinutes)}>
          Use {offeredMinutes} {offeredMinutes === 1 ? 'minute' : 'minutes'} as the duration
        </Button>
      )}
    </>
  );
}
