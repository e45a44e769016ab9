/**
 * The pre-call fetch's request, as Dograh's `execute_pre_call_fetch` makes it: a POST of
 * `{"event":"call_inbound","call_inbound":{agent_id, from_number, to_number}}` (the same event name for calls either
 * way) to the start node's `pre_call_fetch_url`, with its credential's header, sent as webhooks are (the destination
 * policy checked when it connects, redirects not followed, 10 s at most). A 2xx JSON object's `initial_context` (or,
 * from older endpoints, `dynamic_variables`), at its top level or under `call_inbound`, is the context it brings.
 * Every failure is an outcome, never a throw: the call goes on without the context.
 */
import type { Executor } from '../db/client';
import { readWebhookCredentialSecrets, type SecretsOpener } from '../db/repositories/webhook-credentials';
import { guardedRequest } from '../net/guarded-request';
import {
  DestinationNotAllowedError,
  destinationUrlProblem,
  type DestinationPolicy,
} from '../net/outbound-destinations';
import { credentialHeaders, hideSecrets } from './credential-headers';

/** Dograh's bound on the whole request. */
export const PRE_CALL_FETCH_TIMEOUT_MS = 10_000;
/** Answers longer than this are not read (a failure): the context becomes part of every prompt. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Keys that describe the run itself (the numbers, its campaign, its provider's call): an answer cannot replace them,
 * as Dograh keeps its run-owned keys. Other keys, the greeting's variables included, may be added or replaced.
 */
export const RUN_OWNED_CONTEXT_KEYS: ReadonlySet<string> = new Set([
  'caller_number',
  'called_number',
  'campaign_id',
  'attempt',
  'telephony_configuration_id',
  'provider_call_id',
  'provider',
]);

export interface PreCallFetchRequest {
  db: Executor;
  cipher: SecretsOpener;
  destinations: DestinationPolicy;
  organizationId: number;
  agentId: number;
  url: string;
  credentialUuid: string | null;
  fromNumber: string;
  toNumber: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface PreCallFetchOutcome {
  /** The context to merge into the call's variables; empty on failure. */
  context: Record<string, unknown>;
  /** The answer's status; null when none came. */
  httpStatus: number | null;
  /** Why nothing was merged (no secret in it); null when the answer was used. */
  error: string | null;
  durationMs: number;
}

export async function fetchPreCallContext(request: PreCallFetchRequest): Promise<PreCallFetchOutcome> {
  const started = performance.now();
  const outcome = (fields: Partial<PreCallFetchOutcome>): PreCallFetchOutcome => ({
    context: {},
    httpStatus: null,
    error: null,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
    ...fields,
  });
  const problem = destinationUrlProblem(request.url, ['https', 'http']);
  if (problem) return outcome({ error: `The pre-call fetch URL cannot be used: ${problem}` });

  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  let secrets: string[] = [];
  if (request.credentialUuid) {
    // Not sent without it: the customer's URL would only refuse an unauthenticated request, or worse, answer it.
    try {
      const found = await readWebhookCredentialSecrets(
        request.db,
        request.cipher,
        request.organizationId,
        request.credentialUuid,
      );
      if (!found)
        return outcome({ error: 'The credential configured for the pre-call fetch no longer exists' });
      const sent = credentialHeaders(found);
      Object.assign(headers, sent.headers);
      secrets = sent.secrets;
    } catch {
      return outcome({ error: "The pre-call fetch's credential cannot be read on this server" });
    }
  }
  return send();

  async function send(): Promise<PreCallFetchOutcome> {
    const timeoutMs = request.timeoutMs ?? PRE_CALL_FETCH_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const payload = {
      event: 'call_inbound',
      call_inbound: {
        agent_id: request.agentId,
        from_number: request.fromNumber,
        to_number: request.toNumber,
      },
    };
    let response: Response;
    let text: string;
    try {
      response = await guardedRequest(
        request.url,
        {
          method: 'POST',
          headers,
          body: JSON.stringify(payload),
          signal,
          maxResponseBytes: MAX_ANSWER_BYTES,
        },
        request.destinations,
      );
      // An answer that echoes the credential would carry it into every prompt and the run's initial_context.
      text = hideSecrets(await response.text(), secrets);
    } catch (error) {
      if (error instanceof DestinationNotAllowedError)
        return outcome({ error: `destination_not_allowed: ${error.message}` });
      if (timeout.aborted) return outcome({ error: `No answer within ${timeoutMs} ms` });
      if (request.signal?.aborted) return outcome({ error: 'The call ended before the answer came' });
      return outcome({
        error: `The request failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    const httpStatus = response.status;
    if (httpStatus >= 300 && httpStatus < 400)
      return outcome({ httpStatus, error: `HTTP ${httpStatus}: redirects are not followed` });
    if (httpStatus < 200 || httpStatus >= 300) return outcome({ httpStatus, error: `HTTP ${httpStatus}` });
    const answer = parsedObject(text);
    if (!answer) return outcome({ httpStatus, error: 'The answer is not a JSON object' });
    return outcome({ httpStatus, context: contextOf(answer) });
  }
}

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** `initial_context` before `dynamic_variables`, under `call_inbound` when it is an object; run-owned keys dropped. */
export function contextOf(answer: Record<string, unknown>): Record<string, unknown> {
  const container = isObject(answer.call_inbound) ? answer.call_inbound : answer;
  for (const key of ['initial_context', 'dynamic_variables']) {
    const value = container[key];
    if (isObject(value))
      return Object.fromEntries(Object.entries(value).filter(([name]) => !RUN_OWNED_CONTEXT_KEYS.has(name)));
  }
  return {};
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
