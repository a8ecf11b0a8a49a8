import type { ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { formatDateTime } from '../format.ts';

/** A time as the reader's clock shows it, machine-readable for assistive technology; `empty` when there is none. */
export function DateTime({ value, empty = 'Never' }: { value: string | null; empty?: string }) {
  if (!value) return <span className="muted">{empty}</span>;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

/**
 * A table that scrolls sideways inside its own frame on a narrow screen, so the page never does. The
 * frame is focusable and named, so keyboard users can scroll it too.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-frame" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table">
        <caption className="visually-hidden">{label}</caption>
        {children}
      </table>
    </div>
  );
}

type PagerProps = { label: string; page: number; pageSize: number; total: number; onPage: (page: number) => void };

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
