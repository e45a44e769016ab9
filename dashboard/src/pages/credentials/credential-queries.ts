import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type ListPath = paths['/api/v1/credentials'];
type OnePath = paths['/api/v1/credentials/{credential_uuid}'];
/** A webhook credential as the API shows it: its fields with the secrets masked. */
export type Credential = OnePath['get']['responses'][200]['content']['application/json'];
export type NewCredential = ListPath['post']['requestBody']['content']['application/json'];
export type CredentialChange = OnePath['put']['requestBody']['content']['application/json'];

/** Query keys of the credentials; the tools pages and the graph editor read the list too. */
export const credentialKeys = {
  all: ['credentials'] as const,
  list: () => ['credentials', 'list'] as const,
  one: (uuid: string) => ['credentials', 'one', uuid] as const,
};

const path = (uuid: string) => ({ params: { path: { credential_uuid: uuid } } });

/** The organization's live credentials, by name. */
export function useCredentials() {
  return useQuery({
    queryKey: credentialKeys.list(),
    queryFn: async () => unwrap(await api.GET('/api/v1/credentials')),
  });
}

export function useCredential(uuid: string) {
  return useQuery({
    queryKey: credentialKeys.one(uuid),
    queryFn: async () => unwrap(await api.GET('/api/v1/credentials/{credential_uuid}', path(uuid))),
  });
}

/** Create, update and delete; each refreshes the credentials. */
export function useCredentialMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: credentialKeys.all });
  return {
    create: useMutation({
      onSettled,
      mutationFn: async (body: NewCredential) => unwrap(await api.POST('/api/v1/credentials', { body })),
    }),
    update: useMutation({
      onSettled,
      mutationFn: async ({ uuid, body }: { uuid: string; body: CredentialChange }) =>
        unwrap(await api.PUT('/api/v1/credentials/{credential_uuid}', { ...path(uuid), body })),
    }),
    remove: useMutation({
      mutationFn: async (uuid: string) =>
        unwrap(await api.DELETE('/api/v1/credentials/{credential_uuid}', path(uuid))),
      // Only the list is asked again: the credential itself answers 404 now.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.list() }),
    }),
  };
}
