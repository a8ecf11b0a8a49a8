import { useId } from 'react';
import { ButtonLink } from '../../../components/Button.tsx';
import { useClassDetails } from '../api/get-class-details.ts';
import { usePathClasses } from '../api/get-path-classes.ts';
import { formatDuration } from '../lib/format-duration.ts';
import { SkeletonBlock } from './LearningUi.tsx';
import { VimeoPlayer } from './VimeoPlayer.tsx';

/** Spec 000 §9: the class list shows at most 10 classes. */
export const CLASS_LIST_LIMIT = 10;
const SKELETON_ROWS = 6;

export const DEFAULT_CLASS_LIST_BODY =
  'One guided track a night, each fifteen to twenty minutes. ' +
  'Press play as you get into bed and let it carry you down into deep, unbroken sleep.';

/**
 * Spec 000 §2 "Class list for a path": a preview video titled "Listen to a Class Preview", up to 10
 * classes as "label: title" with their duration, body text and the call to action. A skeleton of 6
 * rows while loading; the list appears only when it has classes; nothing is asked without a path id.
 * The preview plays the first class the learner may open.
 */
export function PathClassList({
  pathId,
  body = DEFAULT_CLASS_LIST_BODY,
  ctaTo = '/join-now',
}: {
  pathId: number | null | undefined;
  body?: string;
  ctaTo?: string;
}) {
  const headingId = useId();
  const classes = usePathClasses(pathId);
  const previewClassId = classes.data?.find((item) => item.isUnlocked)?.id ?? null;
  const preview = useClassDetails(previewClassId);
  const shown = (classes.data ?? []).slice(0, CLASS_LIST_LIMIT);

  return (
    <section className="class-list-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Listen to a Class Preview</h2>
      {preview.data?.vimeoId ? (
        <VimeoPlayer
          vimeoId={preview.data.vimeoId}
          storedUrl={preview.data.vimeoVideoId}
          title={preview.data.title}
        />
      ) : null}
      {classes.isPending && classes.fetchStatus !== 'idle' ? (
        <ul className="class-list-preview" aria-busy="true" aria-label="Loading classes">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <li key={index} className="class-list-preview-row" data-testid="class-skeleton-row">
              <SkeletonBlock className="skeleton-line" />
              <SkeletonBlock className="skeleton-chip" />
            </li>
          ))}
        </ul>
      ) : shown.length > 0 ? (
        <ul className="class-list-preview">
          {shown.map((item) => (
            <li key={item.id} className="class-list-preview-row">
              <span className="class-list-preview-title">
                {item.label ? `${item.label}: ${item.title}` : item.title}
              </span>
              <span className="class-list-preview-duration">{formatDuration(item.durationMinutes)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="class-list-body">{body}</p>
      <ButtonLink to={ctaTo}>✨ Start Reprogramming While You Sleep ✨</ButtonLink>
    </section>
  );
}
