import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';
import { uploadDocument, type DocumentUpload } from './document-upload';

type ListPath = paths['/api/v1/knowledge-base/documents'];
type SearchPath = paths['/api/v1/knowledge-base/search'];
/** A knowledge-base document as the API shows it: its processing status, progress, error and chunk count. */
export type KnowledgeDocument =
  ListPath['get']['responses'][200]['content']['application/json']['documents'][number];
export type SearchResults = SearchPath['post']['responses'][200]['content']['application/json'];
export type Passage = SearchResults['chunks'][number];

/** Query keys of the knowledge base; the graph editor reads the documents too. */
export const knowledgeBaseKeys = {
  all: ['knowledge-base'] as const,
  documents: () => ['knowledge-base', 'documents'] as const,
};

/** How often the list is asked again while a document is still being indexed. */
const INDEXING_REFRESH_MS = 1000;

const isIndexing = (document: KnowledgeDocument) =>
  document.processing_status === 'pending' || document.processing_status === 'processing';

/** The organization's documents, newest first (the API's first 100), asked again while any is being indexed. */
export function useDocuments() {
  return useQuery({
    queryKey: knowledgeBaseKeys.documents(),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/knowledge-base/documents', { params: { query: { limit: 100, offset: 0 } } }),
      ).documents,
    refetchInterval: (query) => (query.state.data?.some(isIndexing) ? INDEXING_REFRESH_MS : false),
  });
}

/** Upload (URL, PUT, process) and delete; each refreshes the documents. */
export function useDocumentMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.all });
  return {
    upload: useMutation({ onSettled, mutationFn: (upload: DocumentUpload) => uploadDocument(upload) }),
    remove: useMutation({
      onSettled,
      mutationFn: async (documentUuid: string) =>
        unwrap(
          await api.DELETE('/api/v1/knowledge-base/documents/{document_uuid}', {
            params: { path: { document_uuid: documentUuid } },
          }),
        ),
    }),
  };
}

/** A search over the organization's completed documents: the best passages for a question. */
export function useKnowledgeSearch() {
  return useMutation({
    mutationFn: async (query: string) =>
      unwrap(await api.POST('/api/v1/knowledge-base/search', { body: { query, limit: 5 } })),
  });
}
