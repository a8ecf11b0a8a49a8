import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { OfflineState } from '../../../components/OfflineState.tsx';
import { isNetworkFailure } from '../../../lib/offline-queue.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { prefetchClassDetails } from '../api/get-class-details.ts';
import { useNavigationCheck } from '../api/get-navigation-check.ts';
import { usePathDetails } from '../api/get-path-details.ts';
import { fallbackImages } from '../lib/images.ts';
import { isNotFound, isPassing, refusalReason } from '../lib/query-errors.ts';
import { programRoute, routeId } from '../lib/routes.ts';
import { SaveAllForOffline } from '../offline/SaveAllForOffline.tsx';
import { ClassRow } from './ClassRow.tsx';
import { BackLink, ContentImage, ContentProblem, PageSkeleton, SkeletonBlock } from './LearningUi.tsx';
import { PathProgress } from './PathCard.tsx';

const ALL_PROGRAMS = { to: '/my-programs', label: 'Back to All Programs' };

/**
 * Spec 000 §2 (/program/{programId}/path/{pathId}): cover, phase and path titles, description and the
 * classes. The back link goes to the programme, or to all programmes when the programme opens straight
 * on this path. The class to listen to next is highlighted. The class pages the learner may open are
 * fetched ahead.
 */
export function PathScreen() {
  const params = useParams();
  const programId = routeId(params.programId);
  const pathId = routeId(params.pathId);
  const valid = programId !== null && pathId !== null;
  const path = usePathDetails(valid ? pathId : null);
  const check = useNavigationCheck(valid ? programId : null);
  const queryClient = useQueryClient();
  useDocumentTitle(path.data?.title ?? 'Path');

  const openable = path.data?.classes.filter((item) => item.isUnlocked).map((item) => item.id);
  const openableKey = openable?.join(',');
  useEffect(() => {
    if (openable?.length) prefetchClassDetails(queryClient, openable);
    // The ids, not a new array on each render, decide whether to fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openableKey, queryClient]);

  if (valid && (path.isPending || check.isPending)) return <PathSkeleton />;
  if (isNetworkFailure(path.error)) return <OfflineState />;
  const found = path.data;
  if (!valid || isNotFound(path.error) || (found && found.programId !== programId)) {
    return (
      <ContentProblem
        title="Path Not Found"
        message="The requested path could not be found."
        back={ALL_PROGRAMS}
      />
    );
  }
  if (path.isError || !found) {
    return (
      <ContentProblem
        title="Error Loading Path"
        message="There was an error loading the path details."
        reason={refusalReason(path.error)}
        back={ALL_PROGRAMS}
        retry={
          isPassing(path.error)
            ? {
                onRetry: () => void Promise.all([path.refetch(), check.refetch()]),
                retrying: path.isFetching,
              }
            : undefined
        }
      />
    );
  }

  const back = check.data?.shouldSkipToPath
    ? ALL_PROGRAMS
    : { to: programRoute(programId), label: 'Back to Program Overview' };
  const completed = found.classes.filter((item) => item.progress?.completed).length;
  const savable = found.classes
    .filter((item) => item.isUnlocked && !item.opensAt && item.savableOffline)
    .map((item) => item.id);

  return (
    <article className="learning-page path-page" aria-labelledby="path-title">
      <BackLink to={back.to}>{back.label}</BackLink>
      <ContentImage src={found.coverArtUrl} fallback={fallbackImages.pathCover} className="cover-image" />
      <header className="page-header">
        <p className="eyebrow">{found.phase.title}</p>
        <h1 id="path-title">{found.title}</h1>
        {found.description && <p className="lead">{found.description}</p>}
        {found.isUnlocked && <PathProgress done={completed} total={found.classes.length} />}
        {found.isUnlocked && !isAdminPreview() && <SaveAllForOffline classIds={savable} />}
      </header>
      {found.classes.length === 0 ? (
        <p className="empty-note">No classes available in this path yet.</p>
      ) : (
        <ol className="class-rows">
          {found.classes.map((item) => (
            <ClassRow
              key={item.id}
              programId={programId}
              pathId={found.id}
              item={item}
              isNext={item.id === found.nextClassId}
            />
          ))}
        </ol>
      )}
    </article>
  );
}

function PathSkeleton() {
  return (
    <PageSkeleton label="Loading path..." className="path-page" cover>
      <div className="class-rows">
        {[0, 1, 2, 3].map((key) => (
          <SkeletonBlock key={key} className="skeleton-row" />
        ))}
      </div>
    </PageSkeleton>
  );
}
