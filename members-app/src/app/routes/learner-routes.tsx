import type { RouteObject } from 'react-router-dom';
import { ClassScreen } from '../../features/learning/components/ClassScreen.tsx';
import { MyProgramsScreen } from '../../features/learning/components/MyProgramsScreen.tsx';
import { PathScreen } from '../../features/learning/components/PathScreen.tsx';
import { ProgramScreen } from '../../features/learning/components/ProgramScreen.tsx';

/** The learner's programme, path and class screens (spec 000 §2). */
export const learnerRoutes: RouteObject[] = [
  { path: '/my-programs', element: <MyProgramsScreen /> },
  { path: '/programs/my-programs', element: <MyProgramsScreen /> },
  { path: '/program/:programId', element: <ProgramScreen /> },
  { path: '/program/:programId/path/:pathId', element: <PathScreen /> },
  { path: '/program/:programId/path/:pathId/class/:classId', element: <ClassScreen /> },
];
