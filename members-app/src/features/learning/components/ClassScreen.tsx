import { useParams } from 'react-router-dom';
import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { extractVimeoId } from '@sleep-ritual/contracts/vimeo';
import { useClassDetails } from '../api/get-class-details.ts';
import { isNotFound, refusalReason } from '../lib/query-errors.ts';
import { pathRoute, routeId } from '../lib/routes.ts';
import { ClassVideo } from './ClassVideo.tsx';
import { BackLink, ContentProblem, PageSkeleton, SkeletonBlock } from './LearningUi.tsx';

/**
 * Spec 000 §2 (/program/{programId}/path/{pathId}/class/{classId}): back to the path, "phase • path",
 * title and description, then the video, else the additional content link, else a note.
 */
export function ClassScreen() {
  const params = useParams();
  const programId = routeId(params.programId);
  const pathId = routeId(params.pathId);
  const classId = routeId(params.classId);
  const valid = programId !== null && pathId !== null && classId !== null;
  const details = useClassDetails(valid ? classId : null);
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
  const found = details.data;
  const belongs = found && found.programId === programId && found.pathId === pathId;
  if (!valid || isNotFound(details.error) || (found && !belongs)) {
    return (
      <ContentProblem title="Class Not Found" message="The requested class could not be found." back={back} />
    );
  }
  if (details.isError || !found) {
    return (
      <ContentProblem
        title="Error Loading Class"
        message="There was an error loading the class details."
        reason={refusalReason(details.error)}
        back={back}
      />
    );
  }

  return (
    <article className="learning-page class-page" aria-labelledby="class-title">
      <BackLink to={back.to}>Back</BackLink>
      <p className="eyebrow">
        {found.phase.title} • {found.path.title}
      </p>
      <h1 id="class-title">{found.title}</h1>
      {found.description && <p className="lead">{found.description}</p>}
      {found.progress?.completed && (
        <p className="completed-note">
          <span aria-hidden="true">✓</span> You've completed this class
        </p>
      )}
      <ClassContent details={found} />
    </article>
  );
}

function ClassContent({ details }: { details: ClassDetails }) {
  const vimeoId = details.vimeoId ?? extractVimeoId(details.vimeoVideoId);
  if (vimeoId !== null) {
    const progress = details.progress;
    return (
      <ClassVideo
        key={details.id}
        classId={details.id}
        vimeoId={vimeoId}
        storedUrl={details.vimeoVideoId}
        title={details.title}
        resumeAt={progress && !progress.completed ? progress.maxPositionSec : 0}
      />
    );
  }
  if (details.additionalContentUrl) {
    return (
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
  }
  return <p className="empty-note">No content available for this class yet.</p>;
}
