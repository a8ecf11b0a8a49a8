import { useParams } from 'react-router';
import type { ProgramHierarchy } from '@sleep-ritual/contracts/catalog';
import { OfflineState } from '../../../components/OfflineState.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isNetworkFailure } from '../../../lib/offline-queue.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useProgramHierarchy } from '../api/get-program-hierarchy.ts';
import { usePrograms } from '../api/get-programs.ts';
import { fallbackImages } from '../lib/images.ts';
import { isNotFound, isPassing, refusalReason } from '../lib/query-errors.ts';
import { pathRoute, routeId } from '../lib/routes.ts';
import { BackLink, ContentImage, ContentProblem, PageSkeleton, SkeletonBlock } from './LearningUi.tsx';
import { PathCard } from './PathCard.tsx';
import { PathClassList } from './PathClassList.tsx';
import { ProgramCard } from './ProgramCard.tsx';

const ALL_PROGRAMS = { to: '/my-programs', label: 'Back to All Programs' };

/**
 * Spec 000 §2 (/program/{programId}): cover art, title, description and the phases with their path
 * cards. Below them, the class list of the first path the learner may open that has classes, as a
 * preview. A programme the learner does not own shows its offer instead, as on My programs.
 */
export function ProgramScreen() {
  const programId = routeId(useParams().programId);
  const hierarchy = useProgramHierarchy(programId);
  // A programme the learner does not own (403) is offered as its card is on My programs.
  const notOwned = hierarchy.error instanceof ApiError && hierarchy.error.status === 403;
  const programs = usePrograms({ enabled: notOwned });
  const offer = notOwned ? programs.data?.find((card) => card.id === programId && !card.isOwned) : undefined;
  useDocumentTitle(hierarchy.data?.title ?? offer?.title ?? 'Program');

  if (programId !== null && (hierarchy.isPending || (notOwned && programs.isPending))) {
    return <ProgramSkeleton />;
  }
  // Offline (in bed, the network off): the nights saved on the device, as on every other screen.
  if (isNetworkFailure(hierarchy.error)) return <OfflineState />;
  if (programId === null || isNotFound(hierarchy.error)) {
    return (
      <ContentProblem
        title="Program Not Found"
        message="The requested program could not be found."
        back={ALL_PROGRAMS}
      />
    );
  }
  if (offer) {
    return (
      <article className="learning-page program-page program-offer">
        <BackLink to={ALL_PROGRAMS.to}>{ALL_PROGRAMS.label}</BackLink>
        <ul className="program-grid">
          <ProgramCard program={offer} owned={false} opening={false} onOpen={() => {}} titleLevel={1} />
        </ul>
      </article>
    );
  }
  if (hierarchy.isError || !hierarchy.data) {
    return (
      <ContentProblem
        title="Error Loading Program"
        message="There was an error loading the program details."
        reason={refusalReason(hierarchy.error)}
        back={ALL_PROGRAMS}
        retry={
          isPassing(hierarchy.error)
            ? { onRetry: () => void hierarchy.refetch(), retrying: hierarchy.isFetching }
            : undefined
        }
      />
    );
  }

  const program = hierarchy.data;
  const phases = program.phases;
  const hasPaths = phases.some((phase) => phase.paths.length > 0);
  const firstPath = firstOpenablePath(program);

  return (
    <article className="learning-page program-page" aria-labelledby="program-title">
      <BackLink to={ALL_PROGRAMS.to}>{ALL_PROGRAMS.label}</BackLink>
      <ContentImage
        src={program.coverArtUrl}
        fallback={fallbackImages.programCover}
        className="cover-image"
      />
      <header className="page-header">
        <h1 id="program-title">{program.title}</h1>
        {program.description && <p className="lead">{program.description}</p>}
      </header>
      {!hasPaths ? (
        <p className="empty-note">This program is still being set up. Check back soon!</p>
      ) : (
        phases.map((phase) => (
          <section key={phase.id} className="phase" aria-labelledby={`phase-${phase.id}`}>
            {phase.label && <p className="eyebrow">{phase.label}</p>}
            <h2 id={`phase-${phase.id}`}>{phase.title}</h2>
            {phase.description && <p className="muted">{phase.description}</p>}
            {phase.paths.length > 0 && (
              <ul className="path-cards">
                {phase.paths.map((path) => (
                  <PathCard key={path.id} programId={program.id} path={path} />
                ))}
              </ul>
            )}
          </section>
        ))
      )}
      {firstPath && <PathClassList pathId={firstPath.id} ctaTo={pathRoute(program.id, firstPath.id)} />}
    </article>
  );
}

/** The first path, in order, that is open to the learner and has classes to listen to. */
function firstOpenablePath(program: ProgramHierarchy) {
  for (const phase of program.phases) {
    const path = phase.paths.find((candidate) => candidate.isUnlocked && candidate.classCount > 0);
    if (path) return path;
  }
  return undefined;
}

function ProgramSkeleton() {
  return (
    <PageSkeleton label="Loading program..." className="program-page" cover>
      <div className="path-cards">
        {[0, 1, 2].map((key) => (
          <SkeletonBlock key={key} className="skeleton-card" />
        ))}
      </div>
    </PageSkeleton>
  );
}
