import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import { RootErrorPage, RouteErrorPage } from './RouteErrorPage';
import { LoginPage, SignupPage } from '../pages/auth/AuthPages';
import { NotFoundPage } from '../pages/NotFoundPage';
import { agentsRoutes } from '../pages/agents/routes';
import { apiKeysRoutes } from '../pages/api-keys/routes';
import { callingSafetyRoutes } from '../pages/calling-safety/routes';
import { campaignsRoutes } from '../pages/campaigns/routes';
import { campaignDetailRoutes } from '../pages/campaign-detail/routes';
import { credentialsRoutes } from '../pages/credentials/routes';
import { knowledgeBaseRoutes } from '../pages/knowledge-base/routes';
import { runsRoutes } from '../pages/runs/routes';
import { telephonyRoutes } from '../pages/telephony/routes';
import { toolsRoutes } from '../pages/tools/routes';
import { webhooksRoutes } from '../pages/webhooks/routes';

/**
 * Every page: login and sign-up outside the layout, the rest inside it (each area owns its routes file). A page that
 * fails (its chunk gone after a deploy, an error while drawing) shows RouteErrorPage inside the layout, so the
 * navigation stays; anything failing above that shows it on its own.
 */
const routes: RouteObject[] = [
  {
    errorElement: <RootErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      {
        element: <Layout />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <Navigate to="/campaigns" replace /> },
              ...campaignsRoutes,
              ...campaignDetailRoutes,
              ...runsRoutes,
              ...agentsRoutes,
              ...toolsRoutes,
              ...knowledgeBaseRoutes,
              ...telephonyRoutes,
              ...callingSafetyRoutes,
              ...webhooksRoutes,
              ...credentialsRoutes,
              ...apiKeysRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** The dashboard's router; every path lives under /app/ (the API process serves the page for all of them). */
export const router = createBrowserRouter(routes, { basename: '/app' });
