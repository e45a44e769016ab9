import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type ListPath = paths['/api/v1/tools'];
type OnePath = paths['/api/v1/tools/{tool_uuid}'];
type TestPath = paths['/api/v1/tools/{tool_uuid}/test'];
type RefreshPath = paths['/api/v1/tools/{tool_uuid}/mcp/refresh'];
export type Tool = OnePath['get']['responses'][200]['content']['application/json'];
export type NewTool = ListPath['post']['requestBody']['content']['application/json'];
export type ToolChange = OnePath['put']['requestBody']['content']['application/json'];
export type ToolTestBody = TestPath['post']['requestBody']['content']['application/json'];
export type ToolTestResult = TestPath['post']['responses'][200]['content']['application/json'];
export type McpRefreshResult = RefreshPath['post']['responses'][200]['content']['application/json'];

/** What the list shows: a status (`active`, `archived`, or every one) and a category, or every category. */
export interface ToolFilters {
  status: 'active' | 'archived' | 'all';
  category: string;
}

/** The API's `status` for a filter: without it the API leaves the archived tools out. */
const STATUS_QUERY: Record<ToolFilters['status'], string> = {
  active: 'active',
  archived: 'archived',
  all: 'active,archived,draft',
};

export const toolKeys = {
  all: ['tools'] as const,
  list: (filters: ToolFilters) => ['tools', 'list', filters] as const,
  one: (uuid: string) => ['tools', 'one', uuid] as const,
};

const path = (uuid: string) => ({ params: { path: { tool_uuid: uuid } } });

export function useTools(filters: ToolFilters) {
  return useQuery({
    queryKey: toolKeys.list(filters),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/tools', {
          params: {
            query: {
              status: STATUS_QUERY[filters.status],
              ...(filters.category ? { category: filters.category } : {}),
            },
          },
        }),
      ),
  });
}

export function useTool(uuid: string) {
  return useQuery({
    queryKey: toolKeys.one(uuid),
    queryFn: async () => unwrap(await api.GET('/api/v1/tools/{tool_uuid}', path(uuid))),
  });
}

/** Create, update, archive, unarchive, test and refresh; each that changes a tool refreshes the tools. */
export function useToolMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: toolKeys.all });
  return {
    create: useMutation({
      onSettled,
      mutationFn: async (body: NewTool) => unwrap(await api.POST('/api/v1/tools', { body })),
    }),
    update: useMutation({
      onSettled,
      mutationFn: async ({ uuid, body }: { uuid: string; body: ToolChange }) =>
        unwrap(await api.PUT('/api/v1/tools/{tool_uuid}', { ...path(uuid), body })),
    }),
    archive: useMutation({
      onSettled,
      mutationFn: async (uuid: string) => unwrap(await api.DELETE('/api/v1/tools/{tool_uuid}', path(uuid))),
    }),
    unarchive: useMutation({
      onSettled,
      mutationFn: async (uuid: string) =>
        unwrap(await api.POST('/api/v1/tools/{tool_uuid}/unarchive', path(uuid))),
    }),
    test: useMutation({
      mutationFn: async ({ uuid, body }: { uuid: string; body: ToolTestBody }) =>
        unwrap(await api.POST('/api/v1/tools/{tool_uuid}/test', { ...path(uuid), body })),
    }),
    refreshMcp: useMutation({
      onSettled,
      mutationFn: async (uuid: string) =>
        unwrap(await api.POST('/api/v1/tools/{tool_uuid}/mcp/refresh', path(uuid))),
    }),
  };
}
