/** The row's Unlocked/Locked state in words, and a switch that flips it (on = unlocked for learners). */
export function LockSwitch({
  title,
  isUnlocked,
  pending,
  onToggle,
}: {
  title: string;
  isUnlocked: boolean;
  pending: boolean;
  onToggle: (isUnlocked: boolean) => void;
}) {
  return (
    <div className="lock-switch">
      <span className={isUnlocked ? 'lock-text is-unlocked' : 'lock-text is-locked'}>
        {isUnlocked ? 'Unlocked' : 'Locked'}
      </span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={isUnlocked}
        aria-label={`Unlock ${title}`}
        disabled={pending}
        onClick={() => onToggle(!isUnlocked)}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
