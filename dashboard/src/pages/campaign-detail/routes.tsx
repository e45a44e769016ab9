import type { RouteObject } from 'react-router-dom';

/** One campaign's page, under the signed-in layout (paths relative to /app/); loaded on demand. */
export const campaignDetailRoutes: RouteObject[] = [
  {
    path: 'campaigns/:campaignId',
    lazy: async () => ({ Component: (await import('./CampaignPage')).CampaignPage }),
  },
];
