import { Button } from '../../../components/Button.tsx';
import { PasswordEndedNotice } from '../../../components/PasswordEndedNotice.tsx';
import { OfflineState } from '../../../components/OfflineState.tsx';
import { isNetworkFailure } from '../../../lib/offline-queue.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMyPrograms } from '../api/get-my-programs.ts';
import { useOpenProgram } from '../api/get-navigation-check.ts';
import { usePrograms } from '../api/get-programs.ts';
import { useTonight } from '../api/get-tonight.ts';
import { LoadingRegion, SkeletonBlock } from './LearningUi.tsx';
import { ProgramCard } from './ProgramCard.tsx';
import { SleepCheckInSection } from './SleepCheckIn.tsx';
import { FULL_TRANSFORMATION_PROGRAM_ID, UpgradeBanner } from './UpgradeBanner.tsx';

/**
 * Spec 000 §2 (/my-programs and /programs/my-programs): every programme as a card, locked or not by the
 * owned-programmes call, and the upgrade banner unless the learner owns programme 3. Above them, the
 * morning check-in about last night and the learner's small chart of how they slept.
 */
export function MyProgramsScreen() {
  useDocumentTitle('Your Programs');
  const programs = usePrograms();
  const mine = useMyPrograms();
  const { open, openingId } = useOpenProgram();
  // An extra: when it fails, the cards still open every programme.
  const tonight = useTonight();

  const offline = isNetworkFailure(programs.error ?? mine.error);
  // Offline in the installed app: the saved nights, and back by itself once connected.
  if (offline && !(programs.data && mine.data)) return <OfflineState />;

  let content;
  if (programs.isPending || mine.isPending) {
    content = (
      <LoadingRegion label="Loading your programs...">
        <ul className="program-grid" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <li key={key} className="program-card">
              <SkeletonBlock className="skeleton-media" />
              <div className="program-card-body skeleton-card-body">
                <SkeletonBlock className="skeleton-title" />
                <SkeletonBlock className="skeleton-line" />
                <SkeletonBlock className="skeleton-line short" />
                <SkeletonBlock className="skeleton-button" />
              </div>
            </li>
          ))}
        </ul>
      </LoadingRegion>
    );
  } else if (programs.isError || mine.isError) {
    content = (
      <div className="list-problem" role="alert">
        <p>Failed to load programs. Please try again.</p>
        <Button
          variant="secondary"
          onClick={() => {
            void programs.refetch();
            void mine.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    const owned = new Set(mine.data.map((program) => program.id));
    const tonightByProgram = new Map((tonight.data ?? []).map((item) => [item.programId, item]));
    content = (
      <>
        {programs.data.length === 0 ? (
          <p className="empty-note">No programs available.</p>
        ) : (
          <ul className="program-grid">
            {programs.data.map((program, index) => (
              <ProgramCard
                key={program.id}
                priority={index === 0}
                program={program}
                owned={owned.has(program.id)}
                tonight={tonightByProgram.get(program.id)}
                opening={openingId === program.id}
                onOpen={(id) => void open(id)}
              />
            ))}
          </ul>
        )}
        {!owned.has(FULL_TRANSFORMATION_PROGRAM_ID) && <UpgradeBanner />}
      </>
    );
  }

  return (
    <div className="learning-page programs-page">
      <h1>Your Programs</h1>
      <PasswordEndedNotice />
      <SleepCheckInSection />
      {content}
    </div>
  );
}
