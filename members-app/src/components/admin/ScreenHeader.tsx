import type { ReactNode } from 'react';
import { ButtonLink } from '../Button.tsx';
import type { Crumb } from '../../lib/admin/urls.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';

type Props = {
  title: string;
  crumbs?: Crumb[];
  back?: Crumb;
  intro?: ReactNode;
  actions?: ReactNode;
};

/** The top of every admin screen: breadcrumb, back button, title, a line of context and the actions. */
export function ScreenHeader({ title, crumbs, back, intro, actions }: Props) {
  return (
    <header className="admin-screen-header">
      {crumbs && <Breadcrumbs crumbs={crumbs} />}
      {back && (
        <ButtonLink to={back.to} variant="ghost" className="admin-back">
          <span aria-hidden="true">←</span> {back.label}
        </ButtonLink>
      )}
      <div className="admin-title-row">
        <div>
          <h1>{title}</h1>
          {intro && <p className="muted">{intro}</p>}
        </div>
        {actions && <div className="admin-actions">{actions}</div>}
      </div>
    </header>
  );
}

type Row = [label: string, value: ReactNode];

/** The rows every phase and path shows: its naming fields, its lock and its place. */
export function placedRows(row: {
  title: string;
  label: string | null;
  description: string | null;
  isUnlocked: boolean;
  orderIndex: number;
}): Row[] {
  return [
    ['Title', row.title],
    ['Label', row.label],
    ['Description', row.description],
    ['Status', row.isUnlocked ? 'Unlocked' : 'Locked'],
    ['Order', row.orderIndex],
  ];
}

/** The fields of one row, each with its label; an empty field reads "Not set". */
export function DetailsList({ rows }: { rows: Row[] }) {
  return (
    <dl className="admin-details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value === null || value === undefined || value === '' ? (
              <span className="muted">Not set</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
