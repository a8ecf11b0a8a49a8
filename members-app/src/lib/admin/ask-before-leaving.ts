import { useEffect } from 'react';

const LEAVES_SCREEN_ATTRIBUTE = 'data-leaves-screen';
/** Marks a control that leaves the screen without being a link (the admin's Sign out). */
export const LEAVES_SCREEN = { [LEAVES_SCREEN_ATTRIBUTE]: '' };

/**
 * A click that follows a link of the app to another screen, or presses a control marked with
 * `LEAVES_SCREEN`: the one unsaved work is asked about. A new tab (a modifier key, target) leaves this
 * one as it is.
 */
function leavesScreen(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (event.target instanceof Element && event.target.closest(`[${LEAVES_SCREEN_ATTRIBUTE}]`)) return true;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return false;
  return link.origin === window.location.origin && link.pathname !== window.location.pathname;
}

/** Marks the copy of the current history entry that Back takes off first while work is unsaved. */
const HELD = 'sleepRitualUnsaved';

const isHeld = () => (window.history.state as Record<string, unknown> | null)?.[HELD] === true;

/** A copy of the current entry on top of the history, unless the current one is such a copy already. */
function holdEntry() {
  if (isHeld()) return;
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.pushState({ ...state, [HELD]: true }, '', window.location.href);
}

/**
 * While `unsaved`, leaving the screen asks `question` first: a link of the app or a control marked with
 * `LEAVES_SCREEN` (asked in the capture phase, before they see the click), Back and Forward, and a
 * reload or a closed tab (the browser's own question). The router has no blocker (BrowserRouter), so
 * for Back a copy of the current entry goes on top of the history: Back takes the copy off, which
 * leaves the screen as it is, and asks; answered "stay", the copy goes back on, answered "leave", the
 * browser goes back once more. The copy stays when the work is saved (taking it off would race with a
 * new change): Back from it only shows the same screen.
 */
export function useAskBeforeLeaving(unsaved: boolean, question: string) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    // Answered "stay", the click goes no further: neither the link nor the app's own handler sees it.
    const askAtLink = (event: MouseEvent) => {
      if (leavesScreen(event) && !window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    let leaving = false;
    const askAtBack = () => {
      if (leaving || isHeld()) return;
      if (window.confirm(question)) {
        leaving = true;
        window.history.back();
      } else holdEntry();
    };
    holdEntry();
    window.addEventListener('beforeunload', ask);
    window.addEventListener('popstate', askAtBack);
    document.addEventListener('click', askAtLink, true);
    return () => {
      window.removeEventListener('beforeunload', ask);
      window.removeEventListener('popstate', askAtBack);
      document.removeEventListener('click', askAtLink, true);
    };
  }, [unsaved, question]);
}
