import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type RulesPath = paths['/api/v1/organizations/calling-rules'];
/** The organization's calling rules: legal hours and frequency caps. */
export type CallingRules = RulesPath['get']['responses'][200]['content']['application/json'];

const KEY = ['calling-rules'] as const;

export function useCallingRules() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => unwrap(await api.GET('/api/v1/organizations/calling-rules')),
  });
}

/** Saves the whole form (the API takes partial changes; the page always sends both groups). */
export function useSaveCallingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CallingRules) =>
      unwrap(await api.PUT('/api/v1/organizations/calling-rules', { body })),
    onSuccess: (rules) => queryClient.setQueryData(KEY, rules),
  });
}
