import { api } from './client';
import { ApiError, unwrap } from './errors';

/**
 * Uploads a CSV the way the API asks: a presigned URL from `POST /s3/presigned-upload-url`, then a PUT of the bytes
 * there with `Content-Type: text/csv`. With S3 the URL is the bucket's (another origin: the bucket needs the CORS rule
 * in docs/dashboard.md); with the embedded store it is this service's own storage route. Answers the file key (a
 * campaign's `source_id`, a do-not-call import's `file_key`). Problems come back as an ApiError naming `field`, the
 * form's file field, so the page shows them there.
 */
export async function uploadCsvFile(file: File, field: string): Promise<string> {
  let grant;
  try {
    grant = unwrap(
      await api.POST('/api/v1/s3/presigned-upload-url', {
        body: { file_name: file.name, file_size: file.size },
      }),
    );
  } catch (failure) {
    if (failure instanceof ApiError)
      throw onFileField(
        field,
        failure.status,
        failure.problems.map((p) => p.message),
      );
    throw failure;
  }
  let response: Response;
  try {
    response = await fetch(grant.upload_url, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': 'text/csv' },
      credentials: 'omit',
    });
  } catch {
    // A network error or a CORS refusal: the browser hides which.
    throw onFileField(field, 0, [
      'The file could not be sent to the storage server (is it reachable, and does its CORS rule allow this page?).',
    ]);
  }
  if (!response.ok) {
    throw onFileField(field, response.status, [
      `The storage server refused the file (HTTP ${response.status}).`,
    ]);
  }
  return grant.file_key;
}

function onFileField(field: string, status: number, messages: string[]): ApiError {
  return new ApiError(
    status,
    messages.map((message) => ({ field, message })),
  );
}
