import './lib/zod-without-eval.ts';
import { firstScreen, sendFirstCalls } from './app/first-screen.ts';
import { startAdminPreviewFromAddress } from './lib/admin-preview.ts';
import { showLoadFailure } from './lib/load-failure.ts';
import './styles/global.css';

// The app starts in two steps. This small entry runs first: its stylesheet dresses index.html's
// "Loading...", and it sends the first screen's calls and loads their contracts at once, while the
// browser is still downloading the app (app/start.tsx: React and the screens, which index.html
// preloads beside it). On a slow phone the answers, the schemas that check them and the first card's
// picture then travel beside the app's code, not after it.
startAdminPreviewFromAddress();
const screen = firstScreen(window.location.pathname, window.location.search);
sendFirstCalls(screen);
// The app starts with the same screen, whose calls have left: it renders once their answers are in.
import('./app/start.tsx').then(
  ({ startApp }) => startApp(screen),
  () => showLoadFailure(),
);
