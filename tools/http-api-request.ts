/**
 * The request an `http_api` tool call makes, built as Dograh's `execute_http_tool` builds it: arguments are the
 * preset parameters overridden by the LLM's; POST, PUT and PATCH send them (or the filled `body_template`) as JSON,
 * GET and DELETE as query parameters; the credential's header replaces a static header of the same name.
 */
import {
  renderBody,
  renderText,
  renderUrl,
  resolvePresetParameters,
  ToolTemplateError,
  type PresetParameter,
} from './templating';

export interface HttpApiConfig {
  method?: string;
  url?: string;
  headers?: Record<string, string> | null;
  credential_uuid?: string | null;
  parameters?: Array<{ name: string; type: string; description: string; required?: boolean }> | null;
  preset_parameters?: PresetParameter[] | null;
  timeout_ms?: number | null;
  customMessage?: string | null;
  customMessageType?: 'text' | null;
  body_template?: Record<string, unknown> | null;
}

export interface ToolRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The JSON body (POST, PUT, PATCH); null otherwise. */
  body: unknown;
  /** The query parameters added to the URL (GET, DELETE); null when none. */
  params: Record<string, string> | null;
}

interface Inputs {
  arguments: Record<string, unknown>;
  variables?: Record<string, unknown>;
  gatheredContext?: Record<string, unknown>;
  presetArguments?: Record<string, unknown>;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The request to send and the same request to show (credential values masked). Throws ToolTemplateError. */
export function buildToolRequest(
  config: HttpApiConfig,
  inputs: Inputs,
  credential?: { headers: Record<string, string>; masked: Record<string, string> },
): { sent: ToolRequest; shown: ToolRequest } {
  const method = String(config.method ?? 'POST').toUpperCase();
  const initial = inputs.variables ?? {};
  const gathered = inputs.gatheredContext ?? {};
  const context = { ...initial, ...gathered, initial_context: initial, gathered_context: gathered };
  const presets =
    inputs.presetArguments !== undefined
      ? { ...inputs.presetArguments }
      : resolvePresetParameters(config.preset_parameters ?? [], context);
  const llm = declaredArguments(config, inputs.arguments);
  const args = { ...presets, ...llm };
  // Dograh's precedence for the URL: LLM over gathered over initial over presets, namespaces kept.
  const url = renderUrl(String(config.url ?? ''), {
    ...presets,
    ...initial,
    ...gathered,
    ...llm,
    initial_context: initial,
    gathered_context: gathered,
  });

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers ?? {}))
    headers[name] = renderText(value, context);
  let body: unknown = null;
  let params: Record<string, string> | null = null;
  if (BODY_METHODS.has(method)) {
    body = config.body_template
      ? renderBody(config.body_template, { ...args, initial_context: initial, gathered_context: gathered })
      : args;
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'application/json';
  } else if (Object.keys(args).length > 0) {
    params = Object.fromEntries(
      Object.entries(args).map(([name, value]) => [
        name,
        typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value),
      ]),
    );
  }
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new ToolTemplateError('The URL is not valid once its variables are filled');
  }
  for (const [name, value] of Object.entries(params ?? {})) target.searchParams.append(name, value);
  const request = { method, url: params ? target.toString() : url, headers, body, params };
  if (!credential) return { sent: request, shown: { ...request } };
  return {
    sent: { ...request, headers: replaceHeaders(headers, credential.headers) },
    shown: { ...request, headers: replaceHeaders(headers, credential.masked) },
  };
}

/** The LLM's arguments for the declared parameters; a required one missing is refused so that the LLM can retry. */
function declaredArguments(config: HttpApiConfig, given: Record<string, unknown>): Record<string, unknown> {
  const declared: Record<string, unknown> = {};
  for (const parameter of config.parameters ?? []) {
    if (Object.hasOwn(given, parameter.name) && given[parameter.name] !== undefined)
      declared[parameter.name] = given[parameter.name];
    else if (parameter.required ?? true)
      throw new ToolTemplateError(`Required argument '${parameter.name}' is missing`);
  }
  return declared;
}

/** `extra` replaces headers of the same name in any case. */
function replaceHeaders(base: Record<string, string>, extra: Record<string, string>): Record<string, string> {
  const names = new Set(Object.keys(extra).map((name) => name.toLowerCase()));
  const kept = Object.entries(base).filter(([name]) => !names.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...extra };
}
