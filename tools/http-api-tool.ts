/**
 * Runs one `http_api` tool call: the request built from the tool's definition, the LLM's arguments and the call's
 * values, sent as webhooks are (the destination policy checked when it connects, redirects not followed, a time
 * limit), with the credential's header and an `Idempotency-Key`. Every failure is a result, never a throw, so that
 * the conversation can tell the LLM what happened; the result's request has its secrets masked.
 */
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import { readWebhookCredentialSecrets, type SecretsOpener } from '../db/repositories/webhook-credentials';
import { guardedRequest } from '../net/guarded-request';
import { DestinationNotAllowedError, type DestinationPolicy } from '../net/outbound-destinations';
import { headerValueProblem } from '../net/http-headers';
import { credentialHeaders, hideSecrets, type CredentialHeaders } from './credential-headers';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './definition-schemas';
import { templateUrlProblem } from './definition';
import { buildToolRequest, type HttpApiConfig, type ToolRequest } from './http-api-request';
import { ToolTemplateError } from './templating';

/** The most of an answer handed back (to the LLM, to the test route); longer answers are cut and marked. */
export const MAX_RESULT_BODY_BYTES = 8 * 1024;
/** Answers longer than this are not read at all (an error result). */
const MAX_READ_BYTES = 1024 * 1024;

export interface HttpApiToolRun {
  db: Executor;
  /** Opens the credential's secrets (config/credentials-cipher.ts's cipher). */
  cipher: SecretsOpener;
  organizationId: number;
  /** The stored tool (a `tools` row, or the fields of one); its category must be `http_api`. */
  tool: { tool_uuid: string; name: string; definition: Record<string, unknown> };
  /** The LLM's arguments, by parameter name. Only declared parameters are sent. */
  arguments: Record<string, unknown>;
  /** The call's variables (agent defaults and initial context), also reachable as `{{initial_context.*}}`. */
  variables?: Record<string, unknown>;
  /** Values gathered during the call, also reachable as `{{gathered_context.*}}`; they win over `variables`. */
  gatheredContext?: Record<string, unknown>;
  /** Preset parameter values as they are, instead of resolving the preset templates (the test route's). */
  presetArguments?: Record<string, unknown>;
  /** Sent as `Idempotency-Key`: the same for a repeated request of the same tool call (a barge-in never repeats one). */
  idempotencyKey: string;
  destinations: DestinationPolicy;
  /** Aborts the request (the call ended): the result is an error. */
  signal?: AbortSignal;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface HttpApiToolResult {
  /** A 2xx answer came. */
  ok: boolean;
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  /** The answer: its JSON when it is JSON and whole, else its text (cut to MAX_RESULT_BODY_BYTES); null when none. */
  body: unknown;
  truncated: boolean;
  /** Why the tool did not succeed (no answer, a non-2xx, a redirect, a template); null on a 2xx. */
  error: string | null;
  durationMs: number;
  /** What was sent (or would have been), credential values masked. */
  request: ToolRequest;
}

/** Runs the tool; resolves with a result whatever happens to the request. */
export async function runHttpApiTool(run: HttpApiToolRun): Promise<HttpApiToolResult> {
  const started = performance.now();
  const config = (run.tool.definition.config ?? {}) as HttpApiConfig;
  const timeoutMs = Math.min(Math.max(config.timeout_ms ?? DEFAULT_TIMEOUT_MS, 1), MAX_TIMEOUT_MS);
  const shown: ToolRequest = {
    method: String(config.method ?? 'POST').toUpperCase(),
    url: String(config.url ?? ''),
    headers: {},
    body: null,
    params: null,
  };
  const finish = (fields: Partial<HttpApiToolResult>, request = shown): HttpApiToolResult => {
    const result: HttpApiToolResult = {
      ok: false,
      status: null,
      body: null,
      truncated: false,
      error: null,
      durationMs: Math.max(0, Math.round(performance.now() - started)),
      request,
      ...fields,
    };
    const line = {
      organization_id: run.organizationId,
      tool_uuid: run.tool.tool_uuid,
      method: request.method,
      origin: originOf(request.url),
      status: result.status,
      duration_ms: result.durationMs,
    };
    if (result.ok) run.logger.info(line, 'tool request answered');
    else run.logger.warn({ ...line, error: result.error }, 'tool request failed');
    return result;
  };

  let credential: CredentialHeaders | undefined;
  if (config.credential_uuid) {
    try {
      const found = await readWebhookCredentialSecrets(
        run.db,
        run.cipher,
        run.organizationId,
        config.credential_uuid,
      );
      if (!found) return finish({ error: 'The credential configured for this tool no longer exists' });
      credential = credentialHeaders(found);
    } catch {
      return finish({ error: "The tool's credential cannot be read on this server" });
    }
  }

  let built: { sent: ToolRequest; shown: ToolRequest };
  try {
    built = buildToolRequest(config, run, credential);
  } catch (error) {
    if (error instanceof ToolTemplateError) return finish({ error: error.message });
    throw error;
  }
  const problem =
    templateUrlProblem(built.sent.url) ??
    Object.values(built.sent.headers)
      .map(headerValueProblem)
      .find((found) => found !== null) ??
    null;
  if (problem) return finish({ error: `The request cannot be sent: ${problem}` }, built.shown);

  built.shown.headers = { ...built.shown.headers, 'Idempotency-Key': run.idempotencyKey };
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = run.signal ? AbortSignal.any([timeout, run.signal]) : timeout;
  try {
    const response = await guardedRequest(
      built.sent.url,
      {
        method: built.sent.method,
        headers: { ...built.sent.headers, 'Idempotency-Key': run.idempotencyKey },
        ...(built.sent.body !== null ? { body: JSON.stringify(built.sent.body) } : {}),
        signal,
        maxResponseBytes: MAX_READ_BYTES,
      },
      run.destinations,
    );
    const secrets = credential?.secrets ?? [];
    const bytes = Buffer.from(
      hideSecrets(Buffer.from(await response.arrayBuffer()).toString('utf8'), secrets),
    );
    const truncated = bytes.length > MAX_RESULT_BODY_BYTES;
    const text = bytes.subarray(0, MAX_RESULT_BODY_BYTES).toString('utf8');
    const body = bytes.length === 0 ? null : truncated ? text : parsedOrText(text);
    const ok = response.status >= 200 && response.status < 300;
    const redirect = response.status >= 300 && response.status < 400;
    const error = ok
      ? null
      : redirect
        ? `HTTP ${response.status}: redirects are not followed${hideSecrets(locationOf(response), secrets)}`
        : `HTTP ${response.status}`;
    return finish({ ok, status: response.status, body, truncated, error }, built.shown);
  } catch (error) {
    return finish({ error: describeFailure(error, timeout, timeoutMs, run.signal) }, built.shown);
  }
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const locationOf = (response: Response) => {
  const location = response.headers.get('location');
  return location ? ` (Location: ${location.slice(0, 200)})` : '';
};

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function describeFailure(
  error: unknown,
  timeout: AbortSignal,
  timeoutMs: number,
  stop?: AbortSignal,
): string {
  if (error instanceof DestinationNotAllowedError) return `destination_not_allowed: ${error.message}`;
  if (timeout.aborted) return `The request timed out after ${timeoutMs} ms`;
  if (stop?.aborted) return 'The request was stopped before the answer came';
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return `The request failed: ${typeof code === 'string' && !message.includes(code) ? `${code}: ` : ''}${message}`;
}
