import { EMBEDDED_OBJECT_ROUTE, type SignedRequest } from '../../../storage/embedded-storage';

/** The object key of a signed URL, read from the raw path so it matches what was signed byte for byte. */
export function keyOf(url: string): string | null {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith(`${EMBEDDED_OBJECT_ROUTE}/`)) return null;
  try {
    return path
      .slice(EMBEDDED_OBJECT_ROUTE.length + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
  } catch {
    return null;
  }
}

/** Rebuilds what was signed from the path and query; null when a part is missing or malformed. */
export function signedRequestOf(
  method: 'PUT' | 'GET',
  key: string | null,
  query: Record<string, string | undefined>,
): { request: SignedRequest; signature: string } | null {
  const expires = integer(query.expires);
  if (!key || expires === null || !query.signature) return null;
  if (method === 'GET') {
    return { request: { method, key, expires, maxBytes: 0, contentType: '' }, signature: query.signature };
  }
  const maxBytes = integer(query.max_bytes);
  if (maxBytes === null || !query.content_type) return null;
  return {
    request: { method, key, expires, maxBytes, contentType: query.content_type },
    signature: query.signature,
  };
}

/** `text/csv; charset=utf-8` matches a signed `text/csv`: parameters are allowed, the media type is not optional. */
export function mediaTypeMatches(header: string | undefined, signed: string): boolean {
  const mediaType = header?.split(';')[0]?.trim().toLowerCase();
  return !!mediaType && mediaType === signed.trim().toLowerCase();
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

/** The Content-Type to serve an object with, from its extension (the embedded store keeps no metadata). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

function integer(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
