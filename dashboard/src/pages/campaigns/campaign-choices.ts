import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/** The active agents a campaign can use (`GET /workflow/fetch`). */
export function useAgentChoices() {
  return useQuery({
    queryKey: ['agents', 'active'],
    queryFn: async () => unwrap(await api.GET('/api/v1/workflow/fetch')),
  });
}

/** The organization's telephony configurations (`GET /organizations/telephony-configs`). */
export function useTelephonyChoices() {
  return useQuery({
    queryKey: ['telephony-configs'],
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/telephony-configs')).configurations,
  });
}
