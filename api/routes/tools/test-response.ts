/** The answer of a tool test: Dograh's ToolTestResponse, with a hint of what the HTTP status most likely means. */
import type { HttpApiToolResult } from '../../../tools/http-api-tool';
import type { ToolTestResponse } from './schemas';

export function toolTestResponse(result: HttpApiToolResult): ToolTestResponse {
  return {
    status: result.ok ? 'success' : 'error',
    status_code: result.status,
    data: result.body,
    truncated: result.truncated,
    error: result.error,
    hint: hintForStatus(result.status, result.request.method),
    request_method: result.request.method,
    request_url: result.request.url,
    request_headers: result.request.headers,
    request_body: result.request.body,
    request_params: result.request.params,
    duration_ms: result.durationMs,
  };
}

/** What a tool test's HTTP status most likely means for the tool's configuration (Dograh's hints, in brief). */
function hintForStatus(status: number | null, method: string): string | null {
  if (status === null) return null;
  if (status >= 300 && status < 400)
    return `HTTP ${status}: the endpoint redirects, and tool requests do not follow redirects. Use the final URL.`;
  if (status >= 500 && status < 600)
    return `HTTP ${status}: the endpoint itself failed; this is likely on the API's side, not in the tool.`;
  const hints: Record<number, string> = {
    400: 'HTTP 400: the endpoint refused the request; check that the arguments or body match what it expects.',
    401: 'HTTP 401: the request was not authenticated; check the credential the tool names.',
    403: 'HTTP 403: the credential was accepted but may not do this.',
    404: `HTTP 404: check the URL, and that ${method} is a method of this endpoint.`,
    405: `HTTP 405: the endpoint does not accept ${method}.`,
    408: 'HTTP 408: the endpoint did not answer in time; check it, or raise timeout_ms.',
    409: 'HTTP 409: the endpoint reports a conflict with its data (a duplicate?), not necessarily a configuration error.',
    415: "HTTP 415: the endpoint does not accept this body's Content-Type.",
    422: "HTTP 422: the body's fields or types are not what the endpoint expects.",
    429: 'HTTP 429: the endpoint is limiting requests; wait and try again.',
  };
  return hints[status] ?? null;
}
