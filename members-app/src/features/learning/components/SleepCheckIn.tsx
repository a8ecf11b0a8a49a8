import { useEffect, useId, useRef, useState } from 'react';
import { SLEEP_ANSWER_LABELS, sleepAnswers } from '@sleep-ritual/contracts/sleep-answers';
import type { SleepCheckIn, SleepCheckIns } from '@sleep-ritual/contracts/sleep-check-ins';
import { Button } from '../../../components/Button.tsx';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { focusElement, focusScreenHeading } from '../../../lib/focus-screen.ts';
import { useAnswerCheckIn } from '../api/answer-check-in.ts';
import { useCheckIns } from '../api/get-check-ins.ts';
import { learnerDay, readNotNow, saveNotNow, shouldAsk } from '../lib/check-in-day.ts';

const nightName = (night: { label: string | null; title: string }) =>
  night.label ? `${night.label} – ${night.title}` : night.title;

const QUALITY_WORDS = ['', 'Very poorly', 'Poorly', 'So-so', 'Well', 'Very well'];

/**
 * The morning check-in and the learner's own record of it, for My programs: a calm card asking "How
 * did you sleep after Night N?" the first time they come back on a later day after listening to it,
 * and a small, dim chart of the nights answered. Nothing shows while the check-ins load or if they
 * fail: it is an extra, never in the way.
 */
export function SleepCheckInSection() {
  const checkIns = useCheckIns();
  const { refetch } = checkIns;
  const now = useNowOnReturn(refetch);
  if (!checkIns.data || isAdminPreview()) return null;
  return (
    <>
      {/* A new learner's day asks afresh, whatever was answered or put off the day before. */}
      <MorningCard key={learnerDay(now)} pending={checkIns.data.pending} now={now} />
      <SleepChart answers={checkIns.data.answers} />
    </>
  );
}

/**
 * The time the card asks by: when the page opened, renewed whenever it comes back into view (the phone
 * unlocked in the morning, My programs left open overnight). On a later learner's day, the night to ask
 * about is asked for again (`refresh`): the one listened to since.
 */
function useNowOnReturn(refresh: () => unknown): Date {
  const [now, setNow] = useState(() => new Date());
  const day = useRef(learnerDay(now));
  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState !== 'visible') return;
      const next = new Date();
      setNow(next);
      if (learnerDay(next) !== day.current) {
        day.current = learnerDay(next);
        void refresh();
      }
    };
    document.addEventListener('visibilitychange', onReturn);
    return () => document.removeEventListener('visibilitychange', onReturn);
  }, [refresh]);
  return now;
}

function MorningCard({ pending, now }: { pending: SleepCheckIns['pending']; now: Date }) {
  const [hidden, setHidden] = useState(false);
  // Once the card goes, what had focus in it is gone: the screen's heading takes it.
  useEffect(() => {
    if (hidden && (document.activeElement === document.body || !document.activeElement?.isConnected))
      focusScreenHeading();
  }, [hidden]);
  // Kept after the answer, while the optional quality is asked.
  const [answered, setAnswered] = useState<SleepCheckIns['pending']>(null);
  const night = answered ?? pending;
  if (hidden || !night) return null;
  if (!answered && !shouldAsk(night, now, readNotNow())) return null;
  return (
    <CheckInCard
      night={night}
      onAnswered={() => setAnswered(night)}
      onDone={() => setHidden(true)}
      onNotNow={() => {
        saveNotNow({ classId: night.classId, day: learnerDay(now) });
        setHidden(true);
      }}
    />
  );
}

function CheckInCard({
  night,
  onAnswered,
  onDone,
  onNotNow,
}: {
  night: NonNullable<SleepCheckIns['pending']>;
  onAnswered: () => void;
  onDone: () => void;
  onNotNow: () => void;
}) {
  const headingId = useId();
  const save = useAnswerCheckIn(night.classId);
  // Set once the night is answered: the optional quality is asked next, and its question takes focus.
  const [answer, setAnswer] = useState<SleepCheckIn['answer'] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (answer !== null && heading.current) focusElement(heading.current);
  }, [answer]);
  return (
    <section className="sleep-check-in" aria-labelledby={headingId}>
      {answer === null ? (
        <>
          <h2 id={headingId}>How did you sleep after {nightName(night)}?</h2>
          <div className="sleep-check-in-choices">
            {sleepAnswers.map((choice) => (
              <Button
                key={choice}
                variant="secondary"
                disabled={save.isPending}
                onClick={() =>
                  save.mutate(
                    { answer: choice },
                    {
                      onSuccess: () => {
                        setAnswer(choice);
                        onAnswered();
                      },
                    },
                  )
                }
              >
                {SLEEP_ANSWER_LABELS[choice]}
              </Button>
            ))}
          </div>
          <button type="button" className="link-button sleep-check-in-later" onClick={onNotNow}>
            Not now
          </button>
        </>
      ) : (
        <>
          <h2 id={headingId} ref={heading}>
            Thank you. How well did you sleep?
          </h2>
          <p className="muted">Optional: 1 is very poorly, 5 very well.</p>
          <div className="sleep-check-in-choices is-quality">
            {[1, 2, 3, 4, 5].map((quality) => (
              <Button
                key={quality}
                variant="secondary"
                aria-label={`${quality} of 5: ${QUALITY_WORDS[quality]}`}
                disabled={save.isPending}
                onClick={() => save.mutate({ answer, quality }, { onSuccess: onDone })}
              >
                {quality}
              </Button>
            ))}
          </div>
          <button type="button" className="link-button sleep-check-in-later" onClick={onDone}>
            Skip
          </button>
        </>
      )}
      {save.isError && (
        <p role="alert" className="muted">
          Could not save that. Please try again.
        </p>
      )}
    </section>
  );
}

const CHART_NIGHTS = 14;
/** Bar heights: the quality when given, else a short mark by the answer alone. */
const ANSWER_HEIGHT: Record<SleepCheckIn['answer'], number> = { during: 3, after: 2, awake: 1 };

/** The nights answered, newest last, as small dim bars (the quality, or the answer), with a text twin. */
function SleepChart({ answers }: { answers: SleepCheckIn[] }) {
  if (answers.length === 0) return null;
  const shown = answers.slice(-CHART_NIGHTS);
  return (
    <figure className="sleep-chart">
      <figcaption>Your sleep after each night</figcaption>
      <ol className="sleep-chart-bars">
        {shown.map((item) => {
          const height = item.quality ?? ANSWER_HEIGHT[item.answer];
          return (
            <li key={item.classId} className={`sleep-chart-bar is-${item.answer}`}>
              <span className="sleep-chart-fill" style={{ height: `${height * 20}%` }} aria-hidden="true" />
              <span className="visually-hidden">
                {nightName(item)}: {SLEEP_ANSWER_LABELS[item.answer]}
                {item.quality !== null && `, slept ${item.quality} of 5`}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
