import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type KeysPath = paths['/api/v1/user/api-keys'];
/** An API key as listed (never the full key). */
export type ApiKey = KeysPath['get']['responses'][200]['content']['application/json'][number];
/** A key just created: the listed fields plus `api_key`, the full key, shown this once. */
export type CreatedApiKey = KeysPath['post']['responses'][201]['content']['application/json'];
/** The body of a create. */
export type NewApiKey = KeysPath['post']['requestBody']['content']['application/json'];

const KEYS = ['api-keys'] as const;

/** The organization's keys, newest first; archived ones too when asked. */
export function useApiKeys(includeArchived: boolean) {
  return useQuery({
    queryKey: [...KEYS, { includeArchived }],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/user/api-keys', { params: { query: { include_archived: includeArchived } } }),
      ),
  });
}

/** Create, archive and reactivate keys; each refreshes the lists. */
export function useApiKeyMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: KEYS });
  const path = (id: number) => ({ params: { path: { api_key_id: id } } });
  return {
    create: useMutation({
      onSettled,
      mutationFn: async (body: NewApiKey) => unwrap(await api.POST('/api/v1/user/api-keys', { body })),
    }),
    archive: useMutation({
      onSettled,
      mutationFn: async (id: number) =>
        unwrap(await api.DELETE('/api/v1/user/api-keys/{api_key_id}', path(id))),
    }),
    reactivate: useMutation({
      onSettled,
      mutationFn: async (id: number) =>
        unwrap(await api.PUT('/api/v1/user/api-keys/{api_key_id}/reactivate', path(id))),
    }),
  };
}
