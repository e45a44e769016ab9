import type { RouteObject } from 'react-router-dom';

/**
 * The agents pages, under the signed-in layout (paths relative to /app/): the list, a new agent, one agent (whose
 * graph editor is a further chunk). Loaded on demand, to keep the first page small.
 */
export const agentsRoutes: RouteObject[] = [
  { path: 'agents', lazy: async () => ({ Component: (await import('./AgentsListPage')).AgentsListPage }) },
  { path: 'agents/new', lazy: async () => ({ Component: (await import('./NewAgentPage')).NewAgentPage }) },
  { path: 'agents/:agentId', lazy: async () => ({ Component: (await import('./AgentPage')).AgentPage }) },
];
