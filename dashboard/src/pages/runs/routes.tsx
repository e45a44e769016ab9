import type { RouteObject } from 'react-router-dom';
import { RunPage } from './RunPage';
import { RunsListPage } from './RunsListPage';

/** The runs pages, under the signed-in layout (paths relative to /app/). */
export const runsRoutes: RouteObject[] = [
  { path: 'runs', element: <RunsListPage /> },
  { path: 'runs/:runId', element: <RunPage /> },
];
