import type { RouteObject } from 'react-router-dom';

/** The webhook credential pages, under the signed-in layout (paths relative to /app/): the list, and one to edit. */
export const credentialsRoutes: RouteObject[] = [
  {
    path: 'credentials',
    lazy: async () => ({ Component: (await import('./CredentialsPage')).CredentialsPage }),
  },
  {
    path: 'credentials/:credentialUuid',
    lazy: async () => ({ Component: (await import('./CredentialPage')).CredentialPage }),
  },
];
