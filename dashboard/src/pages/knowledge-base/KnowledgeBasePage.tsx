import { useState } from 'react';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { DocumentsTable } from './DocumentsTable';
import { SearchPanel } from './SearchPanel';
import { UploadDocumentForm } from './UploadDocumentForm';
import { useDocumentMutations, useDocuments } from './knowledge-base-queries';
import './knowledge-base.css';

/**
 * The organization's knowledge base: its documents with their indexing status (refreshed while one is indexed),
 * uploading and deleting them, and a search that shows the passages an agent would find.
 */
export function KnowledgeBasePage() {
  const documents = useDocuments();
  const { upload, remove } = useDocumentMutations();
  const [deletedName, setDeletedName] = useState<string | null>(null);
  const attempted = documents.data?.find((document) => document.document_uuid === remove.variables);
  return (
    <div className="knowledge-base">
      <div className="page-header">
        <h1>Knowledge base</h1>
      </div>
      <p className="muted">
        Documents your agents can consult during a call: choose them on a node in an agent&apos;s graph
        editor, and its LLM searches them for the passages that answer the caller. A document is searchable
        once its status is Completed.
      </p>
      {remove.error && (
        <div className="alert" role="alert">
          {attempted ? `${attempted.filename} was not deleted. ` : 'The document was not deleted. '}
          {remove.error.message}
        </div>
      )}
      <p role="status" className="muted">
        {remove.isSuccess && deletedName ? `Deleted ${deletedName}.` : ''}
      </p>
      {documents.isPending && <Loading />}
      <ErrorMessage error={documents.error} />
      {documents.data?.length === 0 && (
        <EmptyState title="No document">
          <p className="muted">Upload one below.</p>
        </EmptyState>
      )}
      {documents.data && documents.data.length > 0 && (
        <DocumentsTable
          documents={documents.data}
          busy={remove.isPending}
          onDelete={(document) =>
            remove.mutate(document.document_uuid, { onSuccess: () => setDeletedName(document.filename) })
          }
        />
      )}
      <div className="knowledge-base-panels">
        <UploadDocumentForm
          pending={upload.isPending}
          error={upload.error}
          onSubmit={(fields, form) => upload.mutate(fields, { onSuccess: () => form.reset() })}
        />
        <SearchPanel />
      </div>
      <p role="status" className="muted">
        {upload.isSuccess ? `Uploaded ${upload.data.filename}: it is being indexed.` : ''}
      </p>
    </div>
  );
}
