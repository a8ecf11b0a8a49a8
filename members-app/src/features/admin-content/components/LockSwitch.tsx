/**
 * The row's Unlocked/Locked state in words, and a switch that flips it (on = unlocked for learners).
 * While its change is saved it is aria-disabled, not disabled: a disabled button would drop the
 * keyboard's focus to the page.
 */
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
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) onToggle(!isUnlocked);
        }}
      >
        <span className="switch-thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
