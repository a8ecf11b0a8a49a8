import { adminPreviewUrl } from '../../../lib/admin-preview.ts';

/**
 * "View as learner": the learner's page of a programme, path or class in a new tab, shown to the admin
 * as an owner sees it (the server answers the preview; nothing is recorded there). rel="noopener" keeps
 * this tab's session storage from being copied, so only the new tab is a preview. Its accessible name
 * starts with the words it shows (WCAG 2.5.3, axe's label-content-name-mismatch), so "click View as
 * learner" works by voice.
 */
export function ViewAsLearner({ to, title }: { to: string; title?: string }) {
  return (
    <a
      className="btn btn-secondary"
      href={adminPreviewUrl(to)}
      target="_blank"
      rel="noopener"
      aria-label={title ? `View as learner: ${title} (opens in a new tab)` : undefined}
    >
      View as learner
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
