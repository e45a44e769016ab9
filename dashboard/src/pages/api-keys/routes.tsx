import type { RouteObject } from 'react-router-dom';

/** The api-keys pages, under the signed-in layout (paths relative to /app/). */
export const apiKeysRoutes: RouteObject[] = [];
