import type { RouteObject } from 'react-router-dom';

/** The agents pages, under the signed-in layout (paths relative to /app/). */
export const agentsRoutes: RouteObject[] = [];
