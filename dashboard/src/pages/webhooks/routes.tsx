import type { RouteObject } from 'react-router-dom';

/** The webhook pages, under the signed-in layout (paths relative to /app/): the endpoints, and one endpoint. */
export const webhooksRoutes: RouteObject[] = [
  { path: 'webhooks', lazy: async () => ({ Component: (await import('./WebhooksPage')).WebhooksPage }) },
  {
    path: 'webhooks/:endpointId',
    lazy: async () => ({ Component: (await import('./WebhookEndpointPage')).WebhookEndpointPage }),
  },
];
