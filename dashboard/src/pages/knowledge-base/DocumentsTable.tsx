import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import { ProgressBar } from '../../ui/Feedback';
import { RETRIEVAL_MODE_LABELS } from './retrieval-modes';
import type { KnowledgeDocument } from './knowledge-base-queries';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

const when = (value: string) => formatDateTime(value);

const STATUS_LABELS: Record<KnowledgeDocument['processing_status'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** A document's status: its label, the progress while it is indexed, the reason when it failed. */
function DocumentStatus({ document }: { document: KnowledgeDocument }) {
  const status = document.processing_status;
  return (
    <div className="document-status">
      <span className={`badge ${status === 'failed' ? 'failed' : status === 'completed' ? 'running' : ''}`}>
        {STATUS_LABELS[status]}
      </span>
      {status === 'processing' && (
        <ProgressBar value={document.processing_progress} max={100} label={`Indexing ${document.filename}`} />
      )}
      {status === 'failed' && document.processing_error && (
        <p className="field-error">{document.processing_error}</p>
      )}
    </div>
  );
}

/** The documents: file name, status, chunks, retrieval mode, created, and Delete (asks first). */
export function DocumentsTable({
  documents,
  busy,
  onDelete,
}: {
  documents: KnowledgeDocument[];
  busy: boolean;
  onDelete: (document: KnowledgeDocument) => void;
}) {
  return (
    <TableScroll>
      <table aria-label="Documents" className="documents-table">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Status</th>
            <th scope="col">Chunks</th>
            <th scope="col">Retrieval</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.document_uuid}>
              <th scope="row">{document.filename}</th>
              <td>
                <DocumentStatus document={document} />
              </td>
              <td>{document.total_chunks}</td>
              <td>{RETRIEVAL_MODE_LABELS[document.retrieval_mode]}</td>
              <td>{when(document.created_at)}</td>
              <td>
                <ConfirmActionButton
                  label="Delete"
                  accessibleName={`Delete ${document.filename}`}
                  question={`Delete ${document.filename}? Agents can no longer find its passages.`}
                  disabled={busy}
                  onConfirm={() => onDelete(document)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
