import { Outlet } from 'react-router';
import { usePageViewTracker } from '../lib/page-view-tracker.ts';
import { useFocusOnNavigation } from '../lib/focus-screen.ts';
import { useScrollToTop } from '../lib/use-scroll-to-top.ts';

export function RootLayout() {
  useScrollToTop();
  useFocusOnNavigation();
  usePageViewTracker();
  return <Outlet />;
}
