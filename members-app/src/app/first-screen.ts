import { currentUserCall } from '../features/auth/api/current-user-call.ts';
import { signInAsksWhoIsSignedIn } from '../features/auth/lib/sign-in-asks.ts';
import { myProgramsCall, programsCall } from '../features/learning/api/card-calls.ts';
import { isMyProgramsPath } from '../features/learning/lib/my-programs-paths.ts';
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
  /** "Your Programs", where a signed-in learner lands: its cards, whose first picture is the largest paint. */
  myPrograms: boolean;
  /** The calls the first render waits for or needs at once, for the entry to send. */
  calls: FirstCall<unknown>[];
};

/** The first screen at `pathname` and `search`. */
export function firstScreen(pathname: string, search: string): FirstScreen {
  const membersScreen =
    pathname === '/account' || pathname.startsWith('/program/') || isMyProgramsPath(pathname);
  const whoIsSignedIn = membersScreen || (pathname === '/sign-in' && signInAsksWhoIsSignedIn(search));
  const myPrograms = isMyProgramsPath(pathname);
  return {
    whoIsSignedIn,
    waitsForWhoIsSignedIn: membersScreen,
    myPrograms,
    calls: [
      ...(whoIsSignedIn ? [currentUserCall] : []),
      ...(myPrograms ? [programsCall, myProgramsCall] : []),
    ],
  };
}
