import type { RouteObject } from 'react-router-dom';

/** The campaigns pages, under the signed-in layout (paths relative to /app/). */
export const campaignsRoutes: RouteObject[] = [];
