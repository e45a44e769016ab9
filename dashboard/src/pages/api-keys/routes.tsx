import type { RouteObject } from 'react-router-dom';

/** The api-keys pages, under the signed-in layout (paths relative to /app/); loaded on demand. */
export const apiKeysRoutes: RouteObject[] = [
  { path: 'api-keys', lazy: async () => ({ Component: (await import('./ApiKeysPage')).ApiKeysPage }) },
];
