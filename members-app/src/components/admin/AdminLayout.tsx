import { useEffect, useRef, type RefObject } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '../Button.tsx';
import { endAdminPreview } from '../../lib/admin-preview.ts';
import { LEAVES_SCREEN } from '../../lib/admin/ask-before-leaving.ts';
import { useAdminLogout } from '../../lib/admin/admin-logout.ts';
import { useAdminToasts } from '../../lib/admin/use-admin-toasts.ts';
import { adminUrls } from '../../lib/admin/urls.ts';
import './admin.css';

/** The sections beside the content tree; Members stays current on a member's own page too. */
const BACK_OFFICE_LINKS = [
  ['Products', adminUrls.products()],
  ['Members', adminUrls.members()],
  ['Orders', adminUrls.orders()],
  ['Engagement', adminUrls.engagement()],
  ['Deleted', adminUrls.deleted()],
] as const;

/** "Programs" stays the current section on every screen of the content tree, /admin itself included. */
const isContentSection = (pathname: string) => /^\/admin(\/programs(\/|$)|\/?$)/.test(pathname);

export function AdminLayout() {
  const { pathname } = useLocation();
  const logout = useAdminLogout();
  const toasts = useAdminToasts();
  const inContent = isContentSection(pathname);
  // A "View as learner" tab that comes to the admin area is an ordinary tab again.
  useEffect(() => endAdminPreview(), []);
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header" ref={header}>
        <Link to="/admin" className="admin-brand">
          <span className="brand-moon" aria-hidden="true" />
          Admin Dashboard
        </Link>
        <nav aria-label="Admin" className="admin-nav">
          <ul>
            <li>
              {/* A plain link: NavLink would only mark it current on /admin/programs itself. */}
              <Link
                to={adminUrls.programs()}
                className={inContent ? 'nav-link active' : 'nav-link'}
                aria-current={inContent ? 'page' : undefined}
              >
                Programs
              </Link>
            </li>
            {BACK_OFFICE_LINKS.map(([label, to]) => (
              <li key={to}>
                <NavLink to={to} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Button
          variant="ghost"
          className="admin-signout"
          {...LEAVES_SCREEN}
          busy={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, { onError: (error) => toasts.failure('Failed to sign out', error) })
          }
        >
          Sign out
        </Button>
      </header>
      <main id="main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Toasts show below the header (its name, sections and Sign out), never over them: its height, which
 * changes as the sections wrap onto a second line, is the toaster's top (--toaster-top, global.css).
 */
function useToastsBelow(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    const place = () => root.setProperty('--toaster-top', `${element.offsetHeight + 8}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--toaster-top');
    };
  }, [header]);
}
