/**
 * Where a `transfer_call` tool hands the call, found when the LLM calls it (Dograh's transfer resolver):
 * - `static`: its `destination`;
 * - `context_mapping`: ordered rules, each reading one value of the call and matching it (trimmed, in any case)
 *   against its routes; the first match wins, else `fallback_destination`;
 * - `dynamic`: the answer `{transfer_context: {destination, custom_message?}}` of the resolver, to which the LLM's
 *   arguments and the preset parameters are POSTed as JSON exactly as an `http_api` tool's request is sent
 *   (tools/http-api-tool.ts: the credential's header, the destination policy checked on connect, redirects not
 *   followed), within `timeout_ms` (3 s unless set).
 * Destinations may hold {{variables}} (the call's, `initial_context.*`, `gathered_context.*`). The one found must be
 * an E.164 number or a SIP address, as an endCall's `transfer_to` must (domain/transfer-destination.ts). A failure is
 * a result, never a throw: the LLM is told and the call goes on. Logs name the source and why, never a destination
 * or an argument's value.
 */
import { isTransferDestination } from '../domain/transfer-destination';
import { lookupVariable } from '../conversation/template-variables';
import type { HttpApiConfig } from './http-api-request';
import { runHttpApiTool, type HttpApiToolRun } from './http-api-tool';
import { renderText } from './templating';

/** How long the resolver may take unless its `timeout_ms` says otherwise (Dograh's). */
export const DEFAULT_RESOLVER_TIMEOUT_MS = 3000;

interface ContextRule {
  context_path?: string;
  routes?: Array<{ context_value: string; destination: string }>;
}

export interface TransferCallConfig {
  destination_source?: 'static' | 'dynamic' | 'context_mapping';
  destination?: string;
  customMessage?: string;
  parameters?: HttpApiConfig['parameters'];
  resolver?: Pick<
    HttpApiConfig,
    'url' | 'headers' | 'credential_uuid' | 'parameters' | 'preset_parameters'
  > & {
    timeout_ms?: number | null;
    wait_message?: string | null;
  };
  /** `rules`, or the older single rule's `context_path` and `routes` beside `fallback_destination`. */
  context_mapping?: ContextRule & { rules?: ContextRule[]; fallback_destination?: string | null };
}

export type TransferResolution =
  | {
      ok: true;
      destination: string;
      /** Said before the transfer instead of the tool's own message (the resolver's `custom_message`). */
      message: string | null;
    }
  | { ok: false; reason: string; error: string };

/** What resolving needs: an `http_api` run's inputs, the tool being a `transfer_call`. */
export type TransferDestinationRun = Omit<HttpApiToolRun, 'presetArguments'>;

type Values = Record<string, unknown>;
type Failure = Extract<TransferResolution, { ok: false }>;
const failure = (reason: string, error: string): Failure => ({ ok: false, reason, error });

/** The LLM's parameters of a dynamic transfer: the resolver's, else the tool's (Dograh's editor reads both). */
export function resolverParameters(config: TransferCallConfig): NonNullable<HttpApiConfig['parameters']> {
  return config.resolver?.parameters ?? config.parameters ?? [];
}

/** The destination of the LLM's call of a transfer tool, or why there is none. */
export async function resolveTransferDestination(run: TransferDestinationRun): Promise<TransferResolution> {
  const config = (run.tool.definition.config ?? {}) as TransferCallConfig;
  const source = config.destination_source ?? 'static';
  const initial = run.variables ?? {};
  const gathered = run.gatheredContext ?? {};
  const values = { ...initial, initial_context: initial, gathered_context: gathered };
  let found: TransferResolution;
  if (source === 'context_mapping') found = mappedDestination(config, initial, gathered, values);
  else if (source === 'dynamic') found = await resolverDestination(run, config);
  else found = { ok: true, destination: renderText(config.destination ?? '', values).trim(), message: null };
  if (found.ok && !found.destination) found = failure('no_destination', 'the destination is empty');
  else if (found.ok && !isTransferDestination(found.destination))
    found = failure('invalid_destination', 'the destination is not a phone number or SIP address');
  const line = {
    organization_id: run.organizationId,
    tool_uuid: run.tool.tool_uuid,
    destination_source: source,
  };
  if (found.ok) run.logger.info(line, 'transfer destination resolved');
  else
    run.logger.warn(
      { ...line, reason: found.reason, error: found.error },
      'transfer destination not resolved',
    );
  return found;
}

/** The rules of a mapping in order, the older single-rule shape read as one rule. */
function rulesOf(mapping: NonNullable<TransferCallConfig['context_mapping']>): ContextRule[] {
  if (Array.isArray(mapping.rules)) return mapping.rules;
  return mapping.context_path || mapping.routes ? [mapping] : [];
}

function mappedDestination(config: TransferCallConfig, initial: Values, gathered: Values, values: Values) {
  const mapping = config.context_mapping;
  const rules = mapping ? rulesOf(mapping) : [];
  if (!mapping || rules.length === 0)
    return failure('invalid_context_mapping', 'the transfer has no context mapping rules');
  const paths: string[] = [];
  for (const [index, rule] of rules.entries()) {
    const path = rule.context_path?.trim();
    if (!path) continue;
    paths.push(path);
    const value = contextValue(path, initial, gathered);
    const wanted = value === undefined || value === null ? '' : String(value).trim().toLowerCase();
    if (!wanted) continue;
    const route = rule.routes?.find((candidate) => candidate.context_value.trim().toLowerCase() === wanted);
    if (!route) continue;
    const destination = renderText(route.destination, values).trim();
    if (!destination)
      return failure('no_destination', `the destination of context mapping rule ${index + 1} is empty`);
    return { ok: true as const, destination, message: null };
  }
  if (mapping.fallback_destination?.trim()) {
    const destination = renderText(mapping.fallback_destination, values).trim();
    if (!destination) return failure('no_destination', 'the fallback destination is empty');
    return { ok: true as const, destination, message: null };
  }
  return failure('no_context_mapping_match', `no route matched the values of ${paths.join(', ')}`);
}

/**
 * The value a rule reads: `initial_context.x` and `gathered_context.x` from that context only; an unprefixed path
 * from what was gathered (a single name also from its `extracted_variables`), else from the initial context.
 */
function contextValue(path: string, initial: Values, gathered: Values): unknown {
  if (path.startsWith('initial_context.'))
    return lookupVariable(initial, path.slice('initial_context.'.length));
  if (path.startsWith('gathered_context.'))
    return lookupVariable(gathered, path.slice('gathered_context.'.length));
  const extracted = gathered.extracted_variables;
  const fromExtracted =
    !path.includes('.') && typeof extracted === 'object' && extracted !== null
      ? (extracted as Values)[path]
      : undefined;
  return lookupVariable(gathered, path) ?? fromExtracted ?? lookupVariable(initial, path);
}

async function resolverDestination(
  run: TransferDestinationRun,
  config: TransferCallConfig,
): Promise<TransferResolution> {
  const resolver = config.resolver;
  if (!resolver?.url) return failure('invalid_resolver', 'the transfer has no resolver');
  const request: HttpApiConfig = {
    method: 'POST',
    url: resolver.url,
    headers: resolver.headers ?? null,
    credential_uuid: resolver.credential_uuid ?? null,
    parameters: resolverParameters(config),
    preset_parameters: resolver.preset_parameters ?? null,
    timeout_ms: resolver.timeout_ms ?? DEFAULT_RESOLVER_TIMEOUT_MS,
  };
  const answer = await runHttpApiTool({
    ...run,
    tool: { ...run.tool, definition: { type: 'http_api', config: request } },
  });
  if (!answer.ok) return failure('resolver_failed', `the transfer resolver failed: ${answer.error}`);
  const context = (answer.body as { transfer_context?: unknown } | null)?.transfer_context;
  if (typeof context !== 'object' || context === null || Array.isArray(context))
    return failure('invalid_resolver_response', 'the transfer resolver answered no transfer_context object');
  const { destination, custom_message: message } = context as Values;
  if (typeof destination !== 'string' || !destination.trim())
    return failure('no_destination', 'the transfer resolver answered no transfer_context.destination');
  if (message !== undefined && message !== null && typeof message !== 'string')
    return failure('invalid_resolver_response', 'transfer_context.custom_message is not a string');
  return { ok: true, destination: destination.trim(), message: message?.trim() || null };
}
