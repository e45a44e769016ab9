import type { RouteObject } from 'react-router-dom';

/**
 * The calling-safety pages, under the signed-in layout (paths relative to /app/): the do-not-call list (index) and
 * the calling rules. Loaded on demand.
 */
export const callingSafetyRoutes: RouteObject[] = [
  {
    path: 'calling-safety',
    lazy: async () => ({ Component: (await import('./CallingSafetyLayout')).CallingSafetyLayout }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./DoNotCallPage')).DoNotCallPage }),
      },
      {
        path: 'rules',
        lazy: async () => ({ Component: (await import('./CallingRulesPage')).CallingRulesPage }),
      },
    ],
  },
];
