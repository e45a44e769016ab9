import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import type { paths } from '../../api/schema';

type ProcessBody =
  paths['/api/v1/knowledge-base/process-document']['post']['requestBody']['content']['application/json'];
/** How a document is cut: overlapping chunks, or the whole text as one passage. */
export type RetrievalMode = NonNullable<ProcessBody['retrieval_mode']>;

/** The largest file the knowledge base reads (knowledge-base/limits.ts): refused here before anything is sent. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** The type declared for each extension the knowledge base reads (docs/api.md, Knowledge base). */
const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The form's fields, as the page's errors name them. */
export const UPLOAD_FIELDS = { file: 'file', retrievalMode: 'retrieval_mode' } as const;

export interface DocumentUpload {
  file: File;
  retrievalMode: RetrievalMode;
}

/**
 * The type to declare for a file: by its extension (browsers leave Markdown's empty or guess), else what the browser
 * says, so that an extension the knowledge base does not read gets the API's own message.
 */
export function mimeTypeOf(file: File): string {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return MIME_BY_EXTENSION[extension] ?? (file.type || 'application/octet-stream');
}

const onFileField = (status: number, messages: string[]) =>
  new ApiError(
    status,
    messages.map((message) => ({ field: UPLOAD_FIELDS.file, message })),
  );

/**
 * Adds a document the way the API asks: an upload URL, a PUT of the bytes there with the declared type, then
 * process-document. The API's problems with the name or the type, and the store's refusal, are the file field's.
 */
export async function uploadDocument({ file, retrievalMode }: DocumentUpload) {
  if (file.size > MAX_DOCUMENT_BYTES)
    throw onFileField(413, [`The file is too big: the knowledge base reads files up to 20 MiB.`]);
  const mimeType = mimeTypeOf(file);
  let grant;
  try {
    grant = unwrap(
      await api.POST('/api/v1/knowledge-base/upload-url', {
        body: { filename: file.name, mime_type: mimeType },
      }),
    );
  } catch (failure) {
    if (failure instanceof ApiError)
      throw onFileField(
        failure.status,
        failure.problems.map((problem) => problem.message),
      );
    throw failure;
  }
  let stored: Response;
  try {
    stored = await fetch(grant.upload_url, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': mimeType },
      credentials: 'omit',
    });
  } catch {
    // A network error or a CORS refusal: the browser hides which.
    throw onFileField(0, [
      'The file could not be sent to the storage server (is it reachable, and does its CORS rule allow this page?).',
    ]);
  }
  if (stored.status === 413) throw onFileField(413, ['The file is too big: the storage server refused it.']);
  if (!stored.ok)
    throw onFileField(stored.status, [`The storage server refused the file (HTTP ${stored.status}).`]);
  return unwrap(
    await api.POST('/api/v1/knowledge-base/process-document', {
      body: { document_uuid: grant.document_uuid, s3_key: grant.s3_key, retrieval_mode: retrievalMode },
    }),
  );
}
