import { hasSignedInHint } from '@sleep-ritual/contracts/signed-in-hint';
import { currentUserCall } from '../features/auth/api/current-user-call.ts';
import { signInAsksWhoIsSignedIn } from '../features/auth/lib/sign-in-asks.ts';
import {
  checkInsCall,
  myProgramsCall,
  programsCall,
  tonightCall,
} from '../features/learning/api/card-calls.ts';
import { programCardPicture } from '../features/learning/lib/images.ts';
import { isMyProgramsPath } from '../features/learning/lib/my-programs-paths.ts';
import { isAdminPreview } from '../lib/admin-preview.ts';
import { startEarly } from '../lib/early-answers.ts';
import type { FirstCall } from '../lib/first-call.ts';

/**
 * What the screen at an address asks the server as soon as the app starts. Free of React and the
 * screens: the entry (main.tsx) sends these calls before the app's own code has arrived.
 */
export type FirstScreen = {
  /** Who is signed in: asked at once (by sign-in only when GuestOnly asks at all). */
  whoIsSignedIn: boolean;
  /** The first render waits for who is signed in: the members' screens show nothing before it. */
  waitsForWhoIsSignedIn: boolean;
  /**
   * "Your Programs", where a signed-in learner lands: its cards, whose first picture is the largest
   * paint, tonight's night on them and the morning's "How did you sleep?" above them. Asked for only
   * where a session may have started (the signed-in hint): a visitor who never signed in here is only
   * asked who they are, and sent to sign in, without four calls bound to answer 401.
   */
  myPrograms: boolean;
  /** The calls the first render waits for or needs at once, for the entry to send. */
  calls: FirstCall<unknown>[];
};

/** The first screen at `pathname` and `search`. */
export function firstScreen(pathname: string, search: string): FirstScreen {
  // The screens router.tsx keeps for members (RequireAuth), told apart here without loading the router;
  // first-screen.test.ts walks the router to hold the two together.
  const membersScreen =
    pathname === '/account' || pathname.startsWith('/program/') || isMyProgramsPath(pathname);
  const whoIsSignedIn = membersScreen || (pathname === '/sign-in' && signInAsksWhoIsSignedIn(search));
  const myPrograms = isMyProgramsPath(pathname) && hasSignedInHint(document.cookie);
  return {
    whoIsSignedIn,
    waitsForWhoIsSignedIn: membersScreen,
    myPrograms,
    calls: [
      ...(whoIsSignedIn ? [currentUserCall] : []),
      ...(myPrograms ? [programsCall, myProgramsCall, tonightCall, checkInsCall] : []),
    ],
  };
}

/**
 * Sends the first screen's calls and loads their contracts (the entry does this before the app has
 * arrived), and on "Your Programs" asks for the first card's picture, the page's largest paint, as soon
 * as its address is known rather than once the card has rendered (ProgramCard shows the same
 * programCardPicture).
 * Not in an admin's learner preview, which says so with every call (api-client.ts) and asks from the app.
 */
export function sendFirstCalls(screen: FirstScreen): void {
  if (isAdminPreview()) return;
  for (const call of screen.calls) {
    startEarly(call.url);
    call.contract().catch(() => undefined);
  }
  if (!screen.myPrograms) return;
  // The app reads the same answer later: the picture's address comes from a copy of it.
  startEarly(programsCall.url)
    .then((answer) => (answer.ok ? answer.clone().json() : []))
    .then((programs: unknown) => {
      const [first] = Array.isArray(programs) ? (programs as { cardImageUrl?: unknown }[]) : [];
      if (!first) return;
      const picture = new Image();
      picture.fetchPriority = 'high';
      picture.src = programCardPicture(typeof first.cardImageUrl === 'string' ? first.cardImageUrl : null);
    })
    .catch(() => undefined);
}
