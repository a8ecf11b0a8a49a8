/**
 * GET /api/account/export: the member's data as a JSON download. The browser fetches it itself (a plain
 * link): the answer's Content-Disposition names the dated file, and nothing is held in the page.
 */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
