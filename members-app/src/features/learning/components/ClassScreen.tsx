import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { learnerAccessMessages, type ClassDetails, type PathClass } from '@sleep-ritual/contracts/catalog';
import { extractVimeoId } from '@sleep-ritual/contracts/vimeo';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { useBackCloses } from '../../../lib/use-back-closes.ts';
import { OfflineState } from '../../../components/OfflineState.tsx';
import { isNetworkFailure } from '../../../lib/offline-queue.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useClassDetails } from '../api/get-class-details.ts';
import { usePathDetails } from '../api/get-path-details.ts';
import { useSetClassCompletion } from '../api/set-class-completion.ts';
import { formatDuration } from '../lib/format-duration.ts';
import { opensLabel } from '../lib/opens-label.ts';
import { isNotFound, isPassing, refusalReason } from '../lib/query-errors.ts';
import { classRoute, pathRoute, routeId } from '../lib/routes.ts';
import { ClassVideo } from './ClassVideo.tsx';
import { ListenMode } from './ListenMode.tsx';
import { fallbackImages } from '../lib/images.ts';
import { SaveForOffline } from '../offline/SaveForOffline.tsx';
import {
  BackLink,
  ContentImage,
  ContentProblem,
  PageSkeleton,
  SkeletonBlock,
  WatchStatus,
} from './LearningUi.tsx';
import { LockIcon } from './ProgramCard.tsx';

/**
 * Spec 000 §2 (/program/{programId}/path/{pathId}/class/{classId}): back to the path, "phase • path",
 * title and description, then the video, else the additional content link, else a note. A class with an
 * audio track offers Listen first (listen mode), with its video below. Around them:
 * the class's label and duration, the learner's progress with "Mark as complete", and the previous and
 * next classes of the path (from the path's details, which the path page has usually cached).
 */
export function ClassScreen() {
  const params = useParams();
  const programId = routeId(params.programId);
  const pathId = routeId(params.pathId);
  const classId = routeId(params.classId);
  const valid = programId !== null && pathId !== null && classId !== null;
  const details = useClassDetails(valid ? classId : null);
  const path = usePathDetails(valid ? pathId : null);
  useDocumentTitle(details.data?.title ?? 'Class');
  const back =
    programId !== null && pathId !== null
      ? { to: pathRoute(programId, pathId), label: 'Back' }
      : { to: '/my-programs', label: 'Back to All Programs' };

  if (valid && details.isPending) {
    return (
      <PageSkeleton label="Loading class..." className="class-page">
        <SkeletonBlock className="skeleton-video" />
      </PageSkeleton>
    );
  }
  // A night on the page stays there whatever a later refetch meets (flaky Wi-Fi, a phone waking from
  // doze, a restart of the server): only a night that never arrived shows why.
  const error = details.data === undefined ? details.error : null;
  // Offline, a night not saved on this device: what is saved, rather than an error.
  if (isNetworkFailure(error)) return <OfflineState />;
  const found = details.data;
  const belongs = found && found.programId === programId && found.pathId === pathId;
  if (!valid || isNotFound(error) || (found && !belongs)) {
    return (
      <ContentProblem title="Class Not Found" message="The requested class could not be found." back={back} />
    );
  }
  if (!found) {
    // A class that opens some days after the purchase: the path's list knows when.
    const listed = path.data?.classes.find((item) => item.id === classId);
    const reason = refusalReason(error);
    if (listed?.opensAt || reason === learnerAccessMessages.notYetOpen) {
      return <NightNotOpenYet night={listed} back={back} />;
    }
    if (reason === learnerAccessMessages.accessEnded) {
      return (
        <div className="learning-page">
          <StatusMessage
            title="Your access has ended"
            action={
              <ButtonLink to="/my-programs" variant="secondary">
                Back to All Programs
              </ButtonLink>
            }
          >
            {learnerAccessMessages.accessEnded} If you think this is a mistake, please contact support.
          </StatusMessage>
        </div>
      );
    }
    const opensAt = listed?.opensAt;
    return (
      <ContentProblem
        title="Error Loading Class"
        message="There was an error loading the class details."
        reason={opensAt ? `${opensLabel(opensAt)}.` : refusalReason(error)}
        back={back}
        retry={
          isPassing(error)
            ? {
                onRetry: () => void Promise.all([details.refetch(), path.refetch()]),
                retrying: details.isFetching,
              }
            : undefined
        }
      />
    );
  }

  const meta = [found.label, found.durationMinutes ? formatDuration(found.durationMinutes) : null]
    .filter(Boolean)
    .join(' · ');
  const siblings = path.data?.id === found.pathId ? path.data.classes : [];

  return (
    <article className="learning-page class-page" aria-labelledby="class-title">
      <BackLink to={back.to}>Back</BackLink>
      <p className="eyebrow">
        {found.phase.title} • {found.path.title}
      </p>
      <h1 id="class-title">{found.title}</h1>
      {meta && <p className="class-meta">{meta}</p>}
      {found.description && <p className="lead">{found.description}</p>}
      {found.progress?.completed && (
        <p className="completed-note">
          <span aria-hidden="true">✓</span> You've completed this class
        </p>
      )}
      <ClassContent details={found} />
      {/* An admin's preview records nothing, so it offers nothing to record. */}
      {!isAdminPreview() && <CompletionControl details={found} />}
      <ClassSiblings
        programId={found.programId}
        pathId={found.pathId}
        classId={found.id}
        classes={siblings}
      />
    </article>
  );
}

/**
 * A night whose day has not come yet (drip): said calmly, with when it opens, never as an error. Its
 * name and date come from the path's list (usually cached by the path page); until it is known, the
 * page still says the night is not open yet.
 */
function NightNotOpenYet({ night, back }: { night?: PathClass; back: { to: string; label: string } }) {
  const name = night?.label ?? 'This night';
  const opens = night?.opensAt ? opensLabel(night.opensAt) : 'Opens on a later night';
  return (
    <div className="learning-page">
      <StatusMessage
        title={`${name} ${opens.charAt(0).toLowerCase()}${opens.slice(1)}`}
        action={
          <ButtonLink to={back.to} variant="secondary">
            {back.label}
          </ButtonLink>
        }
      >
        {night ? `${classTitle(night)} isn't open yet.` : "This night isn't open yet."} Each night opens at
        the start of its day, so it is ready by bedtime. Until then, any night you have heard is yours to
        listen to again.
      </StatusMessage>
    </div>
  );
}

/** "Mark as complete" by hand (a guide to read, a class heard on another device), and its undo. */
function CompletionControl({ details }: { details: ClassDetails }) {
  const completion = useSetClassCompletion(details.id);
  const completed = details.progress?.completed ?? false;
  return (
    <div className="class-actions">
      {details.progress && !completed && (
        <WatchStatus percent={details.progress.percentWatched} completed={false} />
      )}
      <Button
        variant={completed ? 'ghost' : 'secondary'}
        busy={completion.isPending}
        aria-busy={completion.isPending || undefined}
        onClick={() => completion.mutate({ completed: !completed })}
      >
        {completed ? 'Mark as not complete' : 'Mark as complete'}
      </Button>
      {completion.isError && (
        <p role="alert" className="muted">
          Could not save that. Please try again.
        </p>
      )}
    </div>
  );
}

const classTitle = (item: PathClass) => (item.label ? `${item.label} – ${item.title}` : item.title);

/** The previous and next classes of the path; a next class the learner may not open yet shows as locked. */
function ClassSiblings({
  programId,
  pathId,
  classId,
  classes,
}: {
  programId: number;
  pathId: number;
  classId: number;
  classes: PathClass[];
}) {
  const index = classes.findIndex((item) => item.id === classId);
  if (index < 0) return null;
  const previous = classes[index - 1];
  const next = classes[index + 1];
  if (!previous && !next) return null;
  return (
    <nav className="class-siblings" aria-label="Classes in this path">
      {previous?.isUnlocked && (
        <Link to={classRoute(programId, pathId, previous.id)} className="class-sibling is-previous">
          <span className="class-sibling-direction">← Previous</span>
          <span>{classTitle(previous)}</span>
        </Link>
      )}
      {next &&
        (next.isUnlocked ? (
          <Link to={classRoute(programId, pathId, next.id)} className="class-sibling is-next">
            <span className="class-sibling-direction">Next →</span>
            <span>{classTitle(next)}</span>
          </Link>
        ) : (
          <p className="class-sibling is-next is-locked">
            <span className="class-sibling-direction">
              <LockIcon /> Next · {next.opensAt ? opensLabel(next.opensAt) : 'Locked'}
            </span>
            <span>{classTitle(next)}</span>
          </p>
        ))}
    </nav>
  );
}

function ClassContent({ details }: { details: ClassDetails }) {
  const vimeoId = details.vimeoId ?? extractVimeoId(details.vimeoVideoId);
  const progress = details.progress;
  const resumeAt = progress && !progress.completed ? progress.maxPositionSec : 0;
  const video = vimeoId !== null && (
    <ClassVideo
      key={details.id}
      classId={details.id}
      vimeoId={vimeoId}
      storedUrl={details.vimeoVideoId}
      title={details.title}
      resumeAt={resumeAt}
    />
  );
  // Spec 000 §2: without a video, the guide's link, beside the track when the night has one.
  const guide = !video && details.additionalContentUrl && (
    <a
      className="btn btn-primary"
      href={details.additionalContentUrl}
      target="_blank"
      rel="noopener noreferrer"
    >
      {details.additionalContentButtonLabel || 'Read the Guide'}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
  if (details.audioUrl) {
    return (
      <>
        <ClassListen
          key={details.id}
          details={details}
          audioUrl={details.audioUrl}
          resumeAt={resumeAt}
          video={video || null}
        />
        {guide}
      </>
    );
  }
  if (video) return video;
  // Without a video, the class's cover stands in the video's place.
  const cover = details.coverArtUrl && (
    <ContentImage src={details.coverArtUrl} fallback={fallbackImages.programCover} className="class-cover" />
  );
  if (guide) {
    return (
      <>
        {cover}
        {guide}
      </>
    );
  }
  return (
    <>
      {cover}
      <p className="empty-note">No content available for this class yet.</p>
    </>
  );
}

/**
 * A class with an audio track: "Listen" comes first and opens listen mode; the video, when there is
 * one, stays below it. Only one of them plays, and is tracked, at a time: the video leaves the page
 * while listen mode is open.
 */
function ClassListen({
  details,
  audioUrl,
  resumeAt,
  video,
}: {
  details: ClassDetails;
  audioUrl: string;
  resumeAt: number;
  video: ReactNode;
}) {
  // Back closes listen mode and keeps the night's page, as its Close button does.
  const listening = useBackCloses();
  return (
    <div className="class-listen">
      <div className="listen-launch">
        <button type="button" className="btn btn-primary listen-launch-button" onClick={listening.show}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
          Listen
        </button>
        <p className="muted">
          Full screen and dark, with a sleep timer. It keeps playing with the screen locked.
          {video ? ' Or watch the video below.' : ''}
        </p>
        {!isAdminPreview() && <SaveForOffline details={details} />}
      </div>
      {!listening.open && video}
      {listening.open && (
        <ListenMode
          details={details}
          audioUrl={audioUrl}
          resumeAt={resumeAt}
          onClose={listening.close}
          onWatchVideo={video ? listening.close : undefined}
        />
      )}
    </div>
  );
}
