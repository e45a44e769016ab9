import type { RouteObject } from 'react-router-dom';

/** The runs pages, under the signed-in layout (paths relative to /app/). */
export const runsRoutes: RouteObject[] = [];
