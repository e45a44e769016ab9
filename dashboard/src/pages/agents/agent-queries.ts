import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/** Query keys of the agents pages (the editor updates them after a save). */
export const agentKeys = {
  lists: () => ['agents', 'list'] as const,
  list: (status: string) => ['agents', 'list', status] as const,
  one: (agentId: number) => ['agents', agentId] as const,
  versions: (agentId: number) => ['agents', agentId, 'versions'] as const,
};

/** The organization's agents (`GET /workflow/fetch`), active ones or all (`staleTime: 0`: asked again on each open). */
export function useAgents(status: 'active' | 'active,archived', options: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: agentKeys.list(status),
    queryFn: async () => unwrap(await api.GET('/api/v1/workflow/fetch', { params: { query: { status } } })),
    ...options,
  });
}

/** One agent with its current definition (`GET /workflow/fetch/{id}`). */
export function useAgent(agentId: number) {
  return useQuery({
    queryKey: agentKeys.one(agentId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/workflow/fetch/{workflow_id}', { params: { path: { workflow_id: agentId } } }),
      ),
  });
}

/** The agent's versions, newest first (`GET /workflow/{id}/versions`). */
export function useAgentVersions(agentId: number) {
  return useQuery({
    queryKey: agentKeys.versions(agentId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/workflow/{workflow_id}/versions', {
          params: { path: { workflow_id: agentId }, query: { limit: 50 } },
        }),
      ),
  });
}
