import { ADMIN_PREVIEW_QUERY } from '@sleep-ritual/contracts/admin-preview';

/**
 * "View as learner" (admin/contracts admin-preview): a tab opened on a learner page with `?preview`
 * shows the learner pages to the admin as an owner would see them, and records nothing. The mark lives
 * in the tab's sessionStorage, so it lasts while the admin moves between learner pages in that tab,
 * and no other tab has it (the admin screens open previews with rel="noopener", which copies nothing).
 */
const STORAGE_KEY = 'sleep-ritual:admin-preview';
let withoutStorage = false;

export function isAdminPreview(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return withoutStorage;
  }
}

/** At start-up: `?preview` in the address makes this tab a preview; the query is then taken off. */
export function startAdminPreviewFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(ADMIN_PREVIEW_QUERY)) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, '1');
  } catch {
    withoutStorage = true; // no storage: the preview lasts as long as this page
  }
  url.searchParams.delete(ADMIN_PREVIEW_QUERY);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The tab goes back to being an ordinary one (the admin area does this when it opens). */
export function endAdminPreview(): void {
  withoutStorage = false;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/** The address that opens a learner page as a preview. */
export function adminPreviewUrl(learnerPath: string): string {
  return `${learnerPath}?${ADMIN_PREVIEW_QUERY}`;
}
