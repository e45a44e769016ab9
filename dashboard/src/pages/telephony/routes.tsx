import type { RouteObject } from 'react-router-dom';

/** The telephony pages, under the signed-in layout (paths relative to /app/). */
export const telephonyRoutes: RouteObject[] = [];
