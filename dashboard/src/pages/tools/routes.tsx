import type { RouteObject } from 'react-router-dom';

/** The tools pages, under the signed-in layout (paths relative to /app/): the list, a new tool, one tool. */
export const toolsRoutes: RouteObject[] = [
  { path: 'tools', lazy: async () => ({ Component: (await import('./ToolsPage')).ToolsPage }) },
  { path: 'tools/new', lazy: async () => ({ Component: (await import('./NewToolPage')).NewToolPage }) },
  { path: 'tools/:toolUuid', lazy: async () => ({ Component: (await import('./ToolPage')).ToolPage }) },
];
