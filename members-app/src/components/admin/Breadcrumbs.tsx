import { Link } from 'react-router';
import type { Crumb } from '../../lib/admin/urls.ts';

/** Every crumb is a link; the last one is the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="admin-breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.to}>
            <Link to={crumb.to} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
