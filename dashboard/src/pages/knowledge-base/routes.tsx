import type { RouteObject } from 'react-router-dom';

/** The knowledge base page, under the signed-in layout (paths relative to /app/). */
export const knowledgeBaseRoutes: RouteObject[] = [
  {
    path: 'knowledge-base',
    lazy: async () => ({ Component: (await import('./KnowledgeBasePage')).KnowledgeBasePage }),
  },
];
