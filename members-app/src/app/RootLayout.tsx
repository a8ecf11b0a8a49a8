import { Outlet } from 'react-router';
import { usePageViewTracker } from '../lib/page-view-tracker.ts';
import { useFocusKeptOnScreen, useFocusOnNavigation } from '../lib/focus-screen.ts';
import { useScrollToTop } from '../lib/use-scroll-to-top.ts';

export function RootLayout() {
  useScrollToTop();
  useFocusOnNavigation();
  useFocusKeptOnScreen();
  usePageViewTracker();
  return <Outlet />;
}
