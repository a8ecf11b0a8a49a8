import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { navigationText as text } from '../content/navigation.ts';
import { useAuthState } from './auth-state.ts';

type Props = { appUrl: string; joinHref: string };

const MENU_ID = 'site-menu';

/**
 * The navigation bar's account link (Sign In or Account, nothing while loading) and, on small
 * screens, the menu button with its overlay (spec §2, Navigation bar and menu).
 */
export default function NavActions({ appUrl, joinHref }: Props) {
  const auth = useAuthState(appUrl);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      dialog.current?.querySelector<HTMLElement>('button, a')?.focus();
      document.documentElement.classList.add('menu-open');
    } else {
      document.documentElement.classList.remove('menu-open');
      if (wasOpen.current) menuButton.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  const close = () => setOpen(false);

  // Escape closes; Tab stays inside the overlay while it is open.
  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('button, a[href]')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="nav-actions">
      {auth === 'anonymous' && (
        <a className="pill-link nav-link--desktop" href={`${appUrl}/sign-in`}>
          {text.signIn}
        </a>
      )}
      {auth === 'signed-in' && (
        <a className="pill-link nav-link--desktop" href={`${appUrl}/account`}>
          {text.account}
        </a>
      )}
      <button
        ref={menuButton}
        type="button"
        className="menu-button"
        aria-label={text.openMenu}
        aria-expanded={open}
        aria-controls={MENU_ID}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div
        ref={dialog}
        id={MENU_ID}
        className="menu-overlay"
        role="dialog"
        aria-modal="true"
        aria-label={text.menuLabel}
        hidden={!open}
        onKeyDown={onDialogKeyDown}
      >
        <button type="button" className="menu-close" aria-label={text.closeMenu} onClick={close}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {auth === 'anonymous' && (
          <div className="menu-panel">
            <p className="menu-title">{text.signedOutTitle}</p>
            <a className="button button--wide" href={`${appUrl}/sign-in`} onClick={close}>
              {text.signIn}
            </a>
            <a className="menu-link" href={joinHref} onClick={close}>
              {text.buyLink}
            </a>
          </div>
        )}
        {auth === 'signed-in' && (
          <div className="menu-panel">
            <p className="menu-title">{text.signedInTitle}</p>
            <a className="button button--wide" href={`${appUrl}/account`} onClick={close}>
              {text.account}
            </a>
            <a className="menu-link" href={`${appUrl}/my-programs`} onClick={close}>
              {text.viewPrograms}
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
