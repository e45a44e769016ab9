/**
 * One signed POST of an event to an endpoint: Standard Webhooks headers, a time limit, no redirects followed, and the
 * outbound destination check on every connect (a name that resolves to a private address is refused before anything
 * is sent, so DNS rebinding cannot reach the private network).
 */
import { guardedRequest } from '../net/guarded-request';
import { DestinationNotAllowedError, type DestinationPolicy } from '../net/outbound-destinations';
import { signatureHeader } from './signature';

export interface WebhookRequest {
  url: string;
  /** The event id: the receiver's deduplication key, the same on every retry. */
  eventId: string;
  /** The exact bytes sent and signed. */
  body: string;
  /** Current secret first; the previous one too while a rotation's overlap lasts. */
  secrets: readonly string[];
  userAgent: string;
  timeoutMs: number;
  policy: DestinationPolicy;
  /** Aborted when the deliverer stops (cancellation, worker shutdown): the attempt ends as a connection error. */
  signal?: AbortSignal;
  now?: () => Date;
}

export interface WebhookResponse {
  statusCode: number | null;
  retryAfter: string | null;
  /** Why there was no answer, or the start of a non-2xx answer's body; null for a 2xx. */
  error: string | null;
  latencyMs: number;
  attemptedAt: Date;
}

const ERROR_BODY_CHARS = 500;

/** Sends one attempt; never throws: every failure is an answer the delivery policy judges. */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const attemptedAt = request.now?.() ?? new Date();
  const timestamp = Math.floor(attemptedAt.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': request.userAgent,
    'webhook-id': request.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(request.secrets, {
      id: request.eventId,
      timestamp,
      body: request.body,
    }),
  };
  // Read before the timeout is armed, so a request cut by it records at least its length (as far as timers go).
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  try {
    const response = await guardedRequest(
      request.url,
      { method: 'POST', headers, body: request.body, signal, maxResponseBytes: 256 * 1024 },
      request.policy,
    );
    const ok = response.status >= 200 && response.status < 300;
    const text = ok ? '' : await response.text().catch(() => '');
    return {
      statusCode: response.status,
      retryAfter: response.headers.get('retry-after'),
      error: ok ? null : `HTTP ${response.status}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ''}`,
      latencyMs: latency(),
      attemptedAt,
    };
  } catch (error) {
    return {
      statusCode: null,
      retryAfter: null,
      error: describeFailure(error, timeout, request),
      latencyMs: latency(),
      attemptedAt,
    };
  }
}

function describeFailure(error: unknown, timeout: AbortSignal, request: WebhookRequest): string {
  if (error instanceof DestinationNotAllowedError) return `destination_not_allowed: ${error.message}`;
  if (timeout.aborted) return `timed out after ${request.timeoutMs} ms`;
  if (request.signal?.aborted) return 'the deliverer stopped before the answer came';
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
