import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { uploadCsvFile } from '../../api/presigned-upload';
import type { paths } from '../../api/schema';

type ListPath = paths['/api/v1/organizations/do-not-call'];
/** One page of the list, as the API answers it. */
export type DoNotCallPage = ListPath['get']['responses'][200]['content']['application/json'];
export type DoNotCallEntry = DoNotCallPage['entries'][number];
/** What an add answers: the numbers added, those already listed, and the invalid ones with why. */
export type AddResult = ListPath['post']['responses'][201]['content']['application/json'];
/** What an import answers: counts, and the first invalid rows. */
export type ImportResult =
  paths['/api/v1/organizations/do-not-call/import']['post']['responses'][200]['content']['application/json'];

/** Where the browser downloads the list as CSV (a plain link: the session cookie authenticates the GET). */
export const DO_NOT_CALL_EXPORT_URL = '/api/v1/organizations/do-not-call/export';

const KEY = ['do-not-call'] as const;

/** One page of the list, newest first, optionally only numbers containing `search`'s digits. */
export function useDoNotCallPage(query: { search: string; page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, query],
    // Paging or searching keeps the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    // A refused search (422) is the person's to correct: shown at once, not asked again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/do-not-call', {
          params: {
            query: {
              page: query.page,
              limit: query.limit,
              ...(query.search ? { search: query.search } : {}),
            },
          },
        }),
      ),
  });
}

/** Add, remove and import; each refreshes the list. */
export function useDoNotCallMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    add: useMutation({
      onSettled,
      mutationFn: async (body: { numbers: string[]; reason: string | null }) =>
        unwrap(await api.POST('/api/v1/organizations/do-not-call', { body })),
    }),
    remove: useMutation({
      onSettled,
      mutationFn: async (number: string) =>
        unwrap(
          await api.DELETE('/api/v1/organizations/do-not-call/{number}', { params: { path: { number } } }),
        ),
    }),
    importFile: useMutation({
      onSettled,
      // The file goes to storage through a presigned URL first, as a campaign's contacts do.
      mutationFn: async ({ file, reason }: { file: File; reason: string | null }) => {
        const fileKey = await uploadCsvFile(file, 'file_key');
        return unwrap(
          await api.POST('/api/v1/organizations/do-not-call/import', { body: { file_key: fileKey, reason } }),
        );
      },
    }),
  };
}
