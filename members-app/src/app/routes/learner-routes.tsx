import type { RouteObject } from 'react-router';
import { myProgramsRoutes } from '@sleep-ritual/contracts/app-routes';
import { MyProgramsScreen } from '../../features/learning/components/MyProgramsScreen.tsx';
import { lazyScreen } from '../lazy-screen.tsx';

/**
 * The learner's programme, path and class screens (spec 000 §2). "My programs", where a signed-in
 * learner lands, is in the first load; the others (the class page brings the player) load when opened.
 */
export const learnerRoutes: RouteObject[] = [
  ...myProgramsRoutes.map((path) => ({ path, element: <MyProgramsScreen /> })),
  {
    path: '/program/:programId',
    element: lazyScreen(() =>
      import('../../features/learning/components/ProgramScreen.tsx').then((m) => m.ProgramScreen),
    ),
  },
  {
    path: '/program/:programId/path/:pathId',
    element: lazyScreen(() =>
      import('../../features/learning/components/PathScreen.tsx').then((m) => m.PathScreen),
    ),
  },
  {
    path: '/program/:programId/path/:pathId/class/:classId',
    element: lazyScreen(() =>
      import('../../features/learning/components/ClassScreen.tsx').then((m) => m.ClassScreen),
    ),
  },
];
