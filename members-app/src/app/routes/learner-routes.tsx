import type { RouteObject } from 'react-router-dom';

/** The learner's programme, path and class screens. */
export const learnerRoutes: RouteObject[] = [
  { path: '/my-programs', element: <h1>Your Programs</h1> },
  { path: '/programs/my-programs', element: <h1>Your Programs</h1> },
];
