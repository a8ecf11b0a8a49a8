import { useId, useState, type ChangeEvent } from 'react';
import { cuePlainText, parseWebVtt, TRANSCRIPT_MAX_BYTES, type VttCue } from '@sleep-ritual/contracts/webvtt';
import { Button } from '../../../components/Button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useClassTranscript } from '../api/get-class-transcript.ts';
import { useDeleteClassTranscript } from '../api/delete-class-transcript.ts';
import { useSaveClassTranscript } from '../api/save-class-transcript.ts';

const PREVIEW_CUES = 3;

const time = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The first cues of a transcript, as learners will read them. */
function CuePreview({ cues, label }: { cues: VttCue[]; label: string }) {
  return (
    <figure className="transcript-preview">
      <figcaption>
        {label} ({cues.length} {cues.length === 1 ? 'cue' : 'cues'})
      </figcaption>
      <ol>
        {cues.slice(0, PREVIEW_CUES).map((cue, index) => (
          <li key={index}>
            <span className="transcript-preview-time">{time(cue.start)}</span> {cuePlainText(cue.text)}
          </li>
        ))}
      </ol>
    </figure>
  );
}

/**
 * "Transcript (WebVTT)" of the class form: a .vtt file is read and checked in the browser (the same
 * reading as the service's), its first cues shown, and stored on its own once the admin confirms.
 * The stored one is previewed and can be removed. A new class gets one once it is saved.
 */
export function TranscriptField({ classId }: { classId?: number }) {
  const id = useId();
  const hintId = `${id}-hint`;
  if (classId === undefined) {
    return (
      <div className="field">
        <p className="field-label">Transcript (WebVTT)</p>
        <p className="field-hint">Save the class first, then edit it to add its transcript.</p>
      </div>
    );
  }
  return <TranscriptEditor classId={classId} inputId={id} hintId={hintId} />;
}

function TranscriptEditor({
  classId,
  inputId,
  hintId,
}: {
  classId: number;
  inputId: string;
  hintId: string;
}) {
  const stored = useClassTranscript(classId);
  const save = useSaveClassTranscript();
  const remove = useDeleteClassTranscript();
  const [chosen, setChosen] = useState<{ vtt: string; cues: VttCue[] } | null>(null);
  const [problem, setProblem] = useState<string>();
  const errorId = `${inputId}-error`;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setChosen(null);
    setProblem(undefined);
    save.reset();
    if (!file) return;
    if (file.size > TRANSCRIPT_MAX_BYTES) return setProblem('The transcript is larger than 1 MB.');
    const vtt = await file.text();
    const parsed = parseWebVtt(vtt);
    if (!parsed.ok) return setProblem(`This is not WebVTT. Line ${parsed.line}: ${parsed.error}.`);
    setChosen({ vtt, cues: parsed.cues });
  }

  const storedCues = stored.data ? parseWebVtt(stored.data) : null;
  const failure = save.error ?? remove.error;
  return (
    <div className="field transcript-field">
      <label htmlFor={inputId}>Transcript (WebVTT)</label>
      <input
        id={inputId}
        type="file"
        accept=".vtt,text/vtt"
        aria-describedby={[hintId, problem ? errorId : ''].filter(Boolean).join(' ')}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => void choose(event)}
      />
      <p id={hintId} className="field-hint">
        A .vtt file of what the class says and sounds like, for listen mode's transcript and captions.
      </p>
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {chosen && (
        <>
          <CuePreview cues={chosen.cues} label="The chosen file" />
          {/* Stored on its own: "Save Changes" of the form does not send it. */}
          <p className="field-hint" role="status">
            Not saved yet: press &ldquo;Save transcript&rdquo; to store it.
          </p>
          <Button
            variant="secondary"
            busy={save.isPending}
            onClick={() => save.mutate({ classId, vtt: chosen.vtt }, { onSuccess: () => setChosen(null) })}
          >
            {save.isPending ? 'Saving transcript...' : 'Save transcript'}
          </Button>
        </>
      )}
      {!chosen &&
        (stored.isPending ? (
          <p className="field-hint">Loading the transcript...</p>
        ) : storedCues?.ok ? (
          <>
            <CuePreview cues={storedCues.cues} label="The stored transcript" />
            <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate(classId)}>
              {remove.isPending ? 'Removing...' : 'Remove transcript'}
            </Button>
          </>
        ) : (
          <p className="field-hint">This class has no transcript yet.</p>
        ))}
      <p className="visually-hidden" role="status">
        {save.isSuccess ? 'Transcript saved.' : remove.isSuccess ? 'Transcript removed.' : ''}
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {errorMessage(failure, 'The transcript could not be saved. Please try again.')}
        </p>
      )}
    </div>
  );
}
