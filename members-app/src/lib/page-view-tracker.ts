import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    fbq?: (command: 'track', event: 'PageView', params: object, options: { eventID: string }) => void;
  }
}

export const PAGE_VIEW_DEBOUNCE_MS = 150;

function doNotTrack(): boolean {
  const nav = navigator as Navigator & { msDoNotTrack?: string };
  const flag = nav.doNotTrack ?? (window as Window & { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack;
  return flag === '1' || flag === 'yes';
}

/**
 * Spec 000 §4: a page-view event with a random event id goes to the ad pixel on each navigation after
 * the first (the pixel's own snippet counts the first), debounced, skipped under do-not-track, and
 * only when a pixel is configured on the page.
 */
export function usePageViewTracker(): void {
  const location = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const timer = window.setTimeout(() => {
      if (doNotTrack() || typeof window.fbq !== 'function') return;
      window.fbq('track', 'PageView', {}, { eventID: crypto.randomUUID() });
    }, PAGE_VIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search]);
}
