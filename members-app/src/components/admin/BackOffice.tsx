import type { ReactNode } from 'react';
import { Button } from '../Button.tsx';
import { formatDateTime } from '../../lib/admin/format.ts';

/** A time as the reader's clock shows it, machine-readable for assistive technology; `empty` when there is none. */
export function DateTime({ value, empty = 'Never' }: { value: string | null; empty?: string }) {
  if (!value) return <span className="muted">{empty}</span>;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/**
 * A table (its column headings, then the rows given) that scrolls sideways inside its own frame on a
 * narrow screen, so the page never does. The frame is focusable and named, so keyboard users can
 * scroll it too.
 */
export function TableFrame({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="admin-table-frame" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A list's results: a heading for screen-reader navigation, the line that says how many there are
 * (announced as it changes) and the list itself, marked busy while the next page or search loads.
 */
export function Results({
  heading,
  summary,
  busy,
  children,
}: {
  heading: string;
  summary: ReactNode;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-busy={busy}>
      <h2 className="visually-hidden">{heading}</h2>
      <p className="admin-summary" role="status">
        {summary}
      </p>
      {children}
    </section>
  );
}

type PagerProps = {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
};

/** Previous and Next, and where the reader is; nothing when everything fits on one page. */
export function Pager({ label, page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
