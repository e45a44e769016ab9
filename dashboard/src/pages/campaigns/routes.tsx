import type { RouteObject } from 'react-router-dom';
import { CampaignsListPage } from './CampaignsListPage';

/** The campaigns pages, under the signed-in layout (paths relative to /app/). The form loads on demand. */
export const campaignsRoutes: RouteObject[] = [
  { path: 'campaigns', element: <CampaignsListPage /> },
  {
    path: 'campaigns/new',
    lazy: async () => ({ Component: (await import('./NewCampaignPage')).NewCampaignPage }),
  },
];
