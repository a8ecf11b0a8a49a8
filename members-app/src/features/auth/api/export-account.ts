import { ApiError } from '../../../lib/api-client.ts';

/** GET /api/account/export: the member's data as a JSON download. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

/**
 * Downloads the member's data as the dated file the answer's Content-Disposition names. A refusal (an
 * address nobody proved yet, a session that ended) throws the server's ApiError, for the page to say why.
 */
export async function downloadAccountExport(): Promise<void> {
  const response = await fetch(ACCOUNT_EXPORT_URL, { credentials: 'include' });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    'sleep-ritual-my-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url));
}
