import { useId } from 'react';
import { Link } from 'react-router';
import type { ProgramCard as ProgramCardData, Tonight } from '@sleep-ritual/contracts/catalog';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { fallbackImages, programCardPicture } from '../lib/images.ts';
import { opensLabel } from '../lib/opens-label.ts';
import { classRoute } from '../lib/routes.ts';
import { ContentImage } from './LearningUi.tsx';

/** Cards show their image at 16:9; the attributes let the browser reserve that box before it loads. */
const CARD_IMAGE_SIZE = { width: 640, height: 360 };

/**
 * Spec 000 §2: a locked card (not owned) has the purple badge, "Unlock Full Program" to the
 * programme's redirectUrl (else /join-now) and its fine print; an owned one opens the programme.
 */
export function ProgramCard({
  program,
  owned,
  opening,
  onOpen,
  tonight,
  titleLevel = 2,
  priority = false,
}: {
  program: ProgramCardData;
  owned: boolean;
  tonight?: Tonight;
  /** 1 when the card is the page's subject (a direct link to a programme not owned). */
  titleLevel?: 1 | 2;
  opening: boolean;
  onOpen: (programId: number) => void;
  /** The first card: its image is the page's LCP element, so it is not lazy. */
  priority?: boolean;
}) {
  const titleId = useId();
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  return (
    <li className={`program-card${owned ? '' : ' is-locked'}`}>
      <div className="program-card-media">
        <ContentImage
          src={programCardPicture(program.cardImageUrl)}
          fallback={fallbackImages.programCard}
          size={CARD_IMAGE_SIZE}
          priority={priority}
        />
        {!owned && (
          <span className="locked-badge">
            <LockIcon /> Locked
          </span>
        )}
      </div>
      <div className="program-card-body">
        <Title id={titleId} className="program-card-title">
          {program.title}
        </Title>
        {program.description && <p className="program-card-description">{program.description}</p>}
        <div className="program-card-actions">
          {owned ? (
            <>
              {tonight && <TonightAction tonight={tonight} programId={program.id} />}
              <Button
                variant={tonight ? 'secondary' : 'primary'}
                className="btn-block"
                onClick={() => onOpen(program.id)}
                disabled={opening}
                aria-busy={opening || undefined}
                aria-describedby={titleId}
              >
                Open {program.format || 'Program'}
              </Button>
              <p className="access-note">
                <span aria-hidden="true">✓</span> You have access to this program
              </p>
            </>
          ) : (
            <>
              <ButtonLink
                to={program.redirectUrl || '/join-now'}
                className="btn-block"
                aria-describedby={titleId}
              >
                Unlock Full Program
              </ButtonLink>
              {program.programCardFinePrint && <p className="fine-print">{program.programCardFinePrint}</p>}
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * The learner's next class in one tap: "Tonight: Night N – title", with their progress on its path.
 * After the last class it offers the first again, said to be a repeat. When the next night opens on a
 * later day, it says when ("Night 2 – title opens tomorrow") and offers the nights already open to
 * listen to again meanwhile.
 */
function TonightAction({ tonight, programId }: { tonight: Tonight; programId: number }) {
  const name = tonight.label ? `${tonight.label} – ${tonight.title}` : tonight.title;
  if (tonight.opensAt) {
    const opens = opensLabel(tonight.opensAt);
    return (
      <div className="tonight">
        <p className="tonight-upcoming">
          <LockIcon /> {name} {opens.charAt(0).toLowerCase()}
          {opens.slice(1)}
        </p>
        <p className="tonight-progress">
          {tonight.completedCount} of {tonight.classCount} nights
        </p>
        {tonight.listenAgain.length > 0 && (
          <nav aria-label="Listen again">
            <p className="tonight-progress">Meanwhile, listen again:</p>
            <ul className="tonight-again">
              {tonight.listenAgain.map((night) => (
                <li key={night.classId}>
                  <Link to={classRoute(programId, tonight.pathId, night.classId)}>
                    {night.label ? `${night.label} – ${night.title}` : night.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    );
  }
  return (
    <div className="tonight">
      <ButtonLink
        to={classRoute(programId, tonight.pathId, tonight.classId)}
        className="btn-block tonight-action"
      >
        {tonight.repeat ? 'Tonight, once more' : 'Tonight'}: {name}
      </ButtonLink>
      <p className="tonight-progress">
        {tonight.completedCount} of {tonight.classCount} nights
        {tonight.repeat &&
          (tonight.completedCount >= tonight.classCount
            ? ' · all done, start the ritual again'
            : // Every open night is done; the others are locked for now.
              ' · the next nights are not open yet')}
        {tonight.inProgress && ' · pick up where you left off'}
      </p>
    </div>
  );
}

export function LockIcon() {
  return (
    <svg
      className="lock-icon"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1.5 1.5 0 0 0-1.5 1.5v5A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-5A1.5 1.5 0 0 0 12 7h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
      />
    </svg>
  );
}
