/**
 * What may be sent as an HTTP header name or value: user-set headers (credentials, tool headers) are checked here on
 * save, and again by the HTTP client when they are sent.
 */

// RFC 9110 §5.6.2: a field name is a token.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Printable ASCII, space and tab: what every HTTP client sends as a header value unchanged.
const HEADER_VALUE = /^[\t\x20-\x7E]*$/;

/**
 * Headers that frame or route the request, or that our requests set themselves (`Idempotency-Key` makes a repeated
 * tool request harmless): a user may not set them.
 */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'content-length',
  'expect',
  'host',
  'idempotency-key',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Why `value` cannot be a header name a user sets, or null. */
export function headerNameProblem(value: string): string | null {
  if (!TOKEN.test(value)) return "Input should be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)";
  if (RESERVED_HEADERS.has(value.toLowerCase())) return `${value} is set by the request itself`;
  return null;
}

/** Why `value` cannot be sent as a header value, or null. */
export function headerValueProblem(value: string): string | null {
  return HEADER_VALUE.test(value) ? null : 'Input should be printable ASCII (it is sent as a header value)';
}
