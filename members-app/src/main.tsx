import './lib/zod-without-eval.ts';
import { firstScreen } from './app/first-screen.ts';
import { programsCall } from './features/learning/api/card-calls.ts';
import { fallbackImages } from './features/learning/lib/images.ts';
import { isAdminPreview, startAdminPreviewFromAddress } from './lib/admin-preview.ts';
import { startEarly } from './lib/early-answers.ts';
import './styles/global.css';

// The app starts in two steps. This small entry runs first: its stylesheet dresses index.html's
// "Loading...", and it sends the first screen's calls and loads their contracts at once, while the
// browser is still downloading the app (app/start.tsx: React and the screens, which index.html
// preloads beside it). On a slow phone the answers, the schemas that check them and the first card's
// picture then travel beside the app's code, not after it.
startAdminPreviewFromAddress();
const screen = firstScreen(window.location.pathname, window.location.search);
// An admin's learner preview says so with every call (api-client.ts): it asks from the app.
if (!isAdminPreview()) {
  for (const call of screen.calls) {
    startEarly(call.url);
    call.contract().catch(() => undefined);
  }
  // The first card's picture is the page's largest paint: asked for as soon as its address is known,
  // not once the card has rendered (ProgramCard shows the same address).
  if (screen.myPrograms) {
    startEarly(programsCall.url)
      .then((answer) => (answer.ok ? answer.clone().json() : []))
      .then((programs: unknown) => {
        const [first] = Array.isArray(programs) ? (programs as { cardImageUrl?: unknown }[]) : [];
        if (!first) return;
        const picture = new Image();
        picture.fetchPriority = 'high';
        picture.src =
          (typeof first.cardImageUrl === 'string' && first.cardImageUrl) || fallbackImages.programCard;
      })
      .catch(() => undefined);
  }
}

void import('./app/start.tsx');
