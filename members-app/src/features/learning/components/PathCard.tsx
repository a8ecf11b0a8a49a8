import type { ProgramHierarchy } from '@sleep-ritual/contracts/catalog';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { fallbackImages } from '../lib/images.ts';
import { opensLabel } from '../lib/opens-label.ts';
import { pathRoute } from '../lib/routes.ts';
import { ContentImage } from './LearningUi.tsx';
import { LockIcon } from './ProgramCard.tsx';

type HierarchyPath = ProgramHierarchy['phases'][number]['paths'][number];

/**
 * Spec 000 §2: "View Sessions" opens an unlocked path; a locked one shows a disabled "Unlocking Soon",
 * or when it opens, for a path that opens some days after the purchase ("Opens tomorrow").
 */
export function PathCard({ programId, path }: { programId: number; path: HierarchyPath }) {
  return (
    <li className={`path-card${path.isUnlocked ? '' : ' is-locked'}`}>
      <ContentImage src={path.cardImageUrl} fallback={fallbackImages.pathCard} className="path-card-image" />
      <div className="path-card-body">
        {path.label && <p className="eyebrow">{path.label}</p>}
        <h3 className="path-card-title">{path.title}</h3>
        {path.description && <p className="path-card-description">{path.description}</p>}
        {path.isUnlocked && <PathProgress done={path.completedCount} total={path.classCount} />}
        {path.isUnlocked ? (
          <ButtonLink to={pathRoute(programId, path.id)} className="btn-block">
            View Sessions
          </ButtonLink>
        ) : (
          <Button className="btn-block" variant="secondary" disabled>
            <LockIcon /> {path.opensAt ? opensLabel(path.opensAt) : 'Unlocking Soon'}
          </Button>
        )}
      </div>
    </li>
  );
}

/** How much of a path is done: "2 of 6 classes completed". */
export function PathProgress({ done, total }: { done: number; total: number }) {
  if (total <= 0) return null;
  const label = `${done} of ${total} ${total === 1 ? 'class' : 'classes'} completed`;
  return (
    <div className="path-progress">
      <progress max={total} value={Math.min(done, total)} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
