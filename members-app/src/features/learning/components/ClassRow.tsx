import { Link } from 'react-router';
import type { PathClass } from '@sleep-ritual/contracts/catalog';
import { minutesLabel } from '../lib/format-duration.ts';
import { opensLabel } from '../lib/opens-label.ts';
import { classRoute } from '../lib/routes.ts';
import { WatchStatus } from './LearningUi.tsx';
import { LockIcon } from './ProgramCard.tsx';

/**
 * Spec 000 §2: a class row shows label, title, description and "N Minutes"; it opens the class page
 * only when unlocked. It also shows how far the learner got, whether it is the one to listen to next, and
 * when a class that opens some days after the purchase opens ("Opens tomorrow").
 */
export function ClassRow({
  programId,
  pathId,
  item,
  isNext = false,
}: {
  programId: number;
  pathId: number;
  item: PathClass;
  /** The class to listen to next on this path: highlighted, and said so. */
  isNext?: boolean;
}) {
  return (
    <li
      className={`class-row${item.isUnlocked ? '' : ' is-locked'}${item.progress?.completed ? ' is-completed' : ''}${isNext ? ' is-next' : ''}`}
    >
      <div className="class-row-main">
        {isNext && <p className="next-badge">Up next</p>}
        {item.label && <p className="eyebrow">{item.label}</p>}
        <h2 className="class-row-title">
          {item.isUnlocked ? (
            <Link to={classRoute(programId, pathId, item.id)} className="class-row-link">
              {item.title}
            </Link>
          ) : (
            <span>{item.title}</span>
          )}
        </h2>
        {item.description && <p className="class-row-description">{item.description}</p>}
      </div>
      <div className="class-row-meta">
        <span className="class-row-duration">{minutesLabel(item.durationMinutes)}</span>
        {item.isUnlocked ? (
          item.progress && (
            <WatchStatus percent={item.progress.percentWatched} completed={item.progress.completed} />
          )
        ) : (
          <span className="watch-status is-locked">
            <LockIcon /> {item.opensAt ? opensLabel(item.opensAt) : 'Locked'}
          </span>
        )}
      </div>
    </li>
  );
}
