import { useEffect } from 'react';

const SITE = 'Sleep Ritual';

/** Names the screen in the browser tab and for screen readers: "<screen> · Sleep Ritual". */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} · ${SITE}`;
  }, [screen]);
}
