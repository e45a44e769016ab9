import { randomUUID } from 'node:crypto';

/** Contact CSVs live under `campaigns/{org_id}/{uuid}/{safe name}`; the org prefix is what scopes a source. */

const SOURCE_PREFIX = 'campaigns';
const MAX_NAME_LENGTH = 128;
const CSV_SUFFIX = /\.csv$/i;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** True when the uploaded file's name ends in `.csv` (any case). */
export function isCsvFileName(fileName: string): boolean {
  return CSV_SUFFIX.test(fileName);
}

/**
 * The file's base name with anything outside `[A-Za-z0-9._-]` replaced by `_`, at most 128 characters;
 * a long name is cut in its stem so the extension survives.
 */
export function safeFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const safe = base.replace(/[^A-Za-z0-9._-]/g, '_') || 'contacts.csv';
  if (safe.length <= MAX_NAME_LENGTH) return safe;
  const dot = safe.lastIndexOf('.');
  const extension = dot > 0 && safe.length - dot <= 16 ? safe.slice(dot) : '';
  return safe.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** A fresh object key for an organization's contact upload. */
export function contactSourceKey(organizationId: number, fileName: string): string {
  return `${SOURCE_PREFIX}/${organizationId}/${randomUUID()}/${safeFileName(fileName)}`;
}

/** True when `key` has the shape of a contact source of this organization (anything else is `source_not_found`). */
export function isOwnedSource(organizationId: number, key: string): boolean {
  if (!Number.isSafeInteger(organizationId)) return false;
  const pattern = new RegExp(
    `^${SOURCE_PREFIX}/${organizationId}/${UUID}/[A-Za-z0-9._-]{1,${MAX_NAME_LENGTH}}$`,
  );
  return pattern.test(key) && !key.endsWith('/..') && !key.endsWith('/.');
}

/** Where every contact upload of an organization lives (data lifecycle: retention and organization deletion). */
export function organizationSourcePrefix(organizationId: number): string {
  return `${SOURCE_PREFIX}/${organizationId}/`;
}
