import { renderRoutes } from '../../../test/render.tsx';
import { ClassScreen } from './ClassScreen.tsx';
import { MyProgramsScreen } from './MyProgramsScreen.tsx';
import { PathScreen } from './PathScreen.tsx';
import { ProgramScreen } from './ProgramScreen.tsx';

/** The learner screens at their addresses, so a test can move from one to the next. */
export function renderLearning(url: string) {
  return renderRoutes(url, [
    { path: '/my-programs', element: <MyProgramsScreen /> },
    { path: '/programs/my-programs', element: <MyProgramsScreen /> },
    { path: '/program/:programId', element: <ProgramScreen /> },
    { path: '/program/:programId/path/:pathId', element: <PathScreen /> },
    { path: '/program/:programId/path/:pathId/class/:classId', element: <ClassScreen /> },
  ]);
}
