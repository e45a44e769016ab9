/** Knowledge-base files live under `knowledge_base/{org_id}/{document_uuid}/{safe name}` (Dograh's layout). */
import { safeFileName } from '../storage/contact-sources';

const PREFIX = 'knowledge_base';

export function documentKey(organizationId: number, documentUuid: string, fileName: string): string {
  return `${PREFIX}/${organizationId}/${documentUuid}/${safeFileName(fileName)}`;
}

/** The file name when `key` is a document key of this organization and document, else null. */
export function fileNameOfDocumentKey(
  organizationId: number,
  documentUuid: string,
  key: string,
): string | null {
  const prefix = `${PREFIX}/${organizationId}/${documentUuid.toLowerCase()}/`;
  if (!key.startsWith(prefix)) return null;
  const name = key.slice(prefix.length);
  return /^[A-Za-z0-9._-]{1,128}$/.test(name) && name !== '.' && name !== '..' ? name : null;
}

/** Every knowledge-base file of an organization (organization deletion). */
export function organizationDocumentsPrefix(organizationId: number): string {
  return `${PREFIX}/${organizationId}/`;
}
