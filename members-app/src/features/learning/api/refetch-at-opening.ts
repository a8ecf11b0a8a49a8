import { useEffect, useMemo } from 'react';

/** The longest a browser timer waits (about 24.8 days); a later opening is caught on coming back. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Every `opensAt` moment in an answer: the path lists', the programme's paths', tonight's cards'. */
function openingsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) {
    for (const item of value) openingsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (key === 'opensAt' && typeof field === 'string') found.push(Date.parse(field));
      else openingsIn(field, found);
    }
  }
  return found;
}

/** A phone's clock may run this far ahead of the server's: an opening that recent is still awaited. */
const CLOCK_AHEAD_MS = 10 * 60 * 1000;
/** How soon to ask again when the server still says a night the phone thinks open is closed. */
const ASK_AGAIN_MS = 30_000;

/**
 * An answer that says a night opens later (drip) is asked again when it opens, and when the page comes
 * back into view after that (a phone locked overnight, its timers asleep): the night then shows open
 * without a reload. A phone whose clock runs ahead of the server's asks again every half minute until
 * the server agrees; an answer's openings long past on the phone's clock are not awaited.
 */
export function useRefetchAtOpening(query: { data: unknown; dataUpdatedAt: number; refetch: () => unknown }) {
  const { data, dataUpdatedAt, refetch } = query;
  const openings = useMemo(
    () => openingsIn(data).filter((at) => at > dataUpdatedAt - CLOCK_AHEAD_MS),
    [data, dataUpdatedAt],
  );
  useEffect(() => {
    if (openings.length === 0) return;
    const refetchIfOpened = () => {
      if (document.visibilityState === 'visible' && openings.some((at) => at <= Date.now())) void refetch();
    };
    const wait = Math.min(...openings) - Date.now();
    const timer = window.setTimeout(
      refetchIfOpened,
      Math.min(wait > 0 ? wait + 1_000 : ASK_AGAIN_MS, LONGEST_TIMER_MS),
    );
    document.addEventListener('visibilitychange', refetchIfOpened);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', refetchIfOpened);
    };
  }, [openings, refetch]);
}
