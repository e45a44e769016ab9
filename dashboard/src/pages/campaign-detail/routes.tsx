import type { RouteObject } from 'react-router-dom';

/** One campaign's page, under the signed-in layout (paths relative to /app/). */
export const campaignDetailRoutes: RouteObject[] = [];
