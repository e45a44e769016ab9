import type { Readable } from 'node:stream';
import type { TestApp } from '../helpers/context';
import type { TestOrganization } from '../helpers/organizations';

/** A small contacts file as the bytes a client would upload. */
export function sampleCsv(rows = 3): Buffer {
  const lines = ['phone_number,first_name'];
  for (let i = 0; i < rows; i++) lines.push(`+1415555${String(1000 + i)},Contact ${i}`);
  return Buffer.from(lines.join('\n') + '\n');
}

/** POST /s3/presigned-upload-url as the organization's key. */
export function requestUploadUrl(t: TestApp, org: TestOrganization, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/s3/presigned-upload-url',
    headers: org.headers,
    payload,
  });
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
