import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';

/** The query key of the signed-in caller; cleared on logout and on any 401. */
export const SESSION_KEY = ['session'] as const;

/** The caller (GET /auth/me), or null when the session cookie is missing or expired. */
export async function fetchSession() {
  const result = await api.GET('/api/v1/auth/me');
  if (result.response.status === 401) return null;
  return unwrap(result);
}

/** The signed-in caller, cached for a minute (a 401 from any request clears it). */
export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000, retry: false });
}

/** Ends the session (the API clears the cookie) and forgets every cached answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    await api.POST('/api/v1/auth/logout').catch(() => undefined);
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
  };
}
