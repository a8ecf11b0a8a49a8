import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec 000 §2: on every route change the page scrolls to the top. */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
