import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { unwrap } from '../../../api/errors';
import type { paths } from '../../../api/schema';

type ListPath = paths['/api/v1/workflow-recordings'];
/** A recorded line of the organization (docs/api.md, Recorded lines). */
export type Recording =
  ListPath['get']['responses'][200]['content']['application/json']['recordings'][number];

/** The organization's recordings, newest first (deleted ones left out). */
export function useRecordings() {
  return useQuery({
    queryKey: ['workflow-recordings', 'list'] as const,
    queryFn: async () => unwrap(await api.GET('/api/v1/workflow-recordings')).recordings,
  });
}
