import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** A telephony configuration as the API answers it (secrets masked). */
export type TelephonyConfiguration = Json<
  paths['/api/v1/organizations/telephony-configs']['get']['responses'][200]
>['configurations'][number];
/** A phone number of a configuration. */
export type PhoneNumber = Json<
  paths['/api/v1/organizations/telephony-configs/{config_id}/phone-numbers']['get']['responses'][200]
>['phone_numbers'][number];

export const CONFIGURATIONS_KEY = ['telephony-configs'] as const;
export const phoneNumbersKey = (configId: number) =>
  ['telephony-configs', configId, 'phone-numbers'] as const;

/** The organization's telephony configurations (`staleTime: 0` asks again each time the page using them opens). */
export function useConfigurations(options: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: CONFIGURATIONS_KEY,
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/telephony-configs')).configurations,
    ...options,
  });
}

/** The providers and their fields (they change only with a new server version). */
export function useProvidersMetadata() {
  return useQuery({
    queryKey: ['telephony-providers'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/organizations/telephony-providers/metadata')).providers,
    staleTime: Infinity,
  });
}

/** The numbers of one configuration. */
export function usePhoneNumbers(configId: number) {
  return useQuery({
    queryKey: phoneNumbersKey(configId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/telephony-configs/{config_id}/phone-numbers', {
          params: { path: { config_id: configId } },
        }),
      ).phone_numbers,
  });
}

/** The organization's active agents, for the inbound agent of a number. */
export function useActiveAgents() {
  return useQuery({
    queryKey: ['agents', 'active'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/workflow/fetch', { params: { query: { status: 'active' } } })),
  });
}

/** A mutation that refreshes the configurations (and their numbers) once it is done, whatever the outcome. */
export function useTelephonyMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONFIGURATIONS_KEY }),
  });
}
