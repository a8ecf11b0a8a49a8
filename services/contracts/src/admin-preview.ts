/**
 * "View as learner": an admin opens a learner page of a programme, path or class in a new tab. That
 * tab's calls carry this header; the services then answer for an admin session (no learner sign-in
 * needed, nothing owned needed) as for a learner who owns the programme, with no progress, and record
 * nothing the tab sends.
 */
export const ADMIN_PREVIEW_HEADER = 'X-Admin-Preview';

/** The address that opens a learner page as a preview: the page's own, with this query. */
export const ADMIN_PREVIEW_QUERY = 'preview';

export const ADMIN_PREVIEW_MESSAGES = {
  notRecorded: 'Nothing is recorded while an admin views the learner pages.',
} as const;
