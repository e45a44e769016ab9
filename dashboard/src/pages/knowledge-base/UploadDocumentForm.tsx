import { type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { FieldFrame, SelectField } from '../../ui/Field';
import { OtherFieldProblems } from '../../ui/OtherFieldProblems';
import { UPLOAD_FIELDS, type DocumentUpload, type RetrievalMode } from './document-upload';
import { RETRIEVAL_MODE_OPTIONS } from './retrieval-modes';

const ACCEPTED = '.txt,.text,.md,.markdown,.html,.htm,.pdf,.docx';

/**
 * A document to add: the file and its retrieval mode. A file too big, of a kind the knowledge base does not read, or
 * refused by the store is said under the file field, in the API's words where it gave them.
 */
export function UploadDocumentForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: Error | null;
  onSubmit: (upload: DocumentUpload, form: HTMLFormElement) => void;
}) {
  const errorFor = (field: string) => (error instanceof ApiError ? error.forField(field) : undefined);
  const shown = [UPLOAD_FIELDS.file, UPLOAD_FIELDS.retrievalMode];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get(UPLOAD_FIELDS.file);
    if (!(file instanceof File) || file.name === '') return;
    onSubmit({ file, retrievalMode: String(data.get(UPLOAD_FIELDS.retrievalMode)) as RetrievalMode }, form);
  }

  return (
    <form className="card upload-document-form" aria-label="Upload a document" onSubmit={submit} noValidate>
      <h2>Upload a document</h2>
      <ErrorMessage error={error} />
      <OtherFieldProblems error={error} shown={shown} />
      <FieldFrame
        label="Document"
        error={errorFor(UPLOAD_FIELDS.file)}
        hint="Plain text, Markdown, HTML, PDF or Word (.docx), up to 20 MiB."
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name={UPLOAD_FIELDS.file}
            type="file"
            accept={ACCEPTED}
            required
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FieldFrame>
      <SelectField
        label="Retrieval mode"
        name={UPLOAD_FIELDS.retrievalMode}
        defaultValue="chunked"
        options={RETRIEVAL_MODE_OPTIONS}
        error={errorFor(UPLOAD_FIELDS.retrievalMode)}
      />
      <div className="actions">
        <button type="submit" className="primary" disabled={pending}>
          {pending ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
