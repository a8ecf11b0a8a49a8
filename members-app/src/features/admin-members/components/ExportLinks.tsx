import { exportUrls } from '../../../lib/admin/urls.ts';

/**
 * The CSV downloads as plain links: the browser fetches them itself, with the admin session cookie of
 * this origin, and saves the file the server names.
 */
export function ExportLinks() {
  return (
    <>
      <a className="btn btn-secondary" href={exportUrls.members} download>
        Download Members CSV
      </a>
      <a className="btn btn-secondary" href={exportUrls.progress} download>
        Download Progress CSV
      </a>
    </>
  );
}
