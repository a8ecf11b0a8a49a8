import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { isAdminPreview } from '../lib/admin-preview.ts';
import { Footer } from './Footer.tsx';

/** Above every learner page of a "View as learner" tab: whose view this is, and the way back. */
function PreviewBanner() {
  return (
    <div className="preview-banner" role="note" aria-label="Admin preview">
      <p>
        <strong>Viewing as a learner.</strong> You see these pages as a learner who owns the program, locked
        classes too. Nothing you do here is recorded.
      </p>
      <a href="/admin">Back to the admin area</a>
    </div>
  );
}

/** "Programs" is also the active section on the programme, path and class screens. */
function isProgramsSection(pathname: string): boolean {
  return /^\/(my-programs|programs|program)(\/|$)/.test(pathname) || /\/path\//.test(pathname);
}

function MembersNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const inPrograms = isProgramsSection(pathname);
  return (
    <ul className="members-nav-list">
      <li>
        {/* A plain Link: NavLink would drop aria-current off its own /my-programs match. */}
        <Link
          to="/my-programs"
          className={inPrograms ? 'nav-link active' : 'nav-link'}
          aria-current={inPrograms ? 'page' : undefined}
          onClick={onNavigate}
        >
          Programs
        </Link>
      </li>
      <li>
        <NavLink
          to="/account"
          className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}
          onClick={onNavigate}
        >
          Account
        </NavLink>
      </li>
    </ul>
  );
}

/** Spec 000 §2: a side bar on desktop, a top bar with a menu on mobile. */
export function MembersLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A disclosure: Escape closes it, back on its button; so does the focus moving to something outside
  // the top bar. A blur to nothing (a press on a link that takes no focus, Safari's) keeps it open, so
  // the press still reaches the link.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (menuOpen && next && !event.currentTarget.contains(next)) setMenuOpen(false);
  };

  return (
    <div className="members-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header
        className={menuOpen ? 'members-topbar is-open' : 'members-topbar'}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        <a href="/" className="brand" aria-label="Sleep Ritual home">
          <span className="brand-moon" aria-hidden="true" />
          Sleep Ritual
        </a>
        <button
          type="button"
          ref={menuButton}
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="members-mobile-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close' : 'Menu'}
        </button>
        {menuOpen && (
          <nav id="members-mobile-nav" className="members-mobile-nav" aria-label="Members">
            <MembersNav onNavigate={() => setMenuOpen(false)} />
          </nav>
        )}
      </header>
      <aside className="members-sidebar">
        <a href="/" className="brand" aria-label="Sleep Ritual home">
          <span className="brand-moon" aria-hidden="true" />
          Sleep Ritual
        </a>
        <nav aria-label="Members">
          <MembersNav />
        </nav>
      </aside>
      <div className="members-content">
        <main id="main" className="members-main">
          {isAdminPreview() && <PreviewBanner />}
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}
