import { useEffect } from 'react';

/**
 * A click that follows a link of the app to another screen: the one unsaved work is asked about.
 * A new tab (a modifier key, target) leaves this one as it is.
 */
function leavesScreen(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return false;
  return link.origin === window.location.origin && link.pathname !== window.location.pathname;
}

/**
 * While `unsaved`, leaving the screen asks first: a reload or a closed tab (the browser's own question)
 * and a link of the app, `question` (the router has no blocker: the click is asked about before the link
 * sees it, in the capture phase).
 */
export function useAskBeforeLeaving(unsaved: boolean, question: string) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    const askAtLink = (event: MouseEvent) => {
      if (leavesScreen(event) && !window.confirm(question)) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    document.addEventListener('click', askAtLink, true);
    return () => {
      window.removeEventListener('beforeunload', ask);
      document.removeEventListener('click', askAtLink, true);
    };
  }, [unsaved, question]);
}
