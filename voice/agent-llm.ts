/**
 * The LLM an agent talks with, on calls and in text chats alike: its voice configuration's llm section (the primary
 * model, the agent's `model` first, then its `fallbacks`, behind a first-token deadline: llm/model-chain.ts), else
 * the operator's LLM_* settings, else none.
 */
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import { findVoiceConfiguration } from '../db/repositories/voice-configurations';
import { LlmUnavailableError, createLanguageModel, type LanguageModel } from '../llm';
import { ModelChain, chainedOpenAiModel, type ChainedEndpoint } from '../llm/model-chain';
import {
  DestinationNotAllowedError,
  checkDestination,
  type DestinationPolicy,
} from '../net/outbound-destinations';
import { splitFallbacks } from './llm-fallbacks';
import { FALLBACK_LLM_MODEL, storedVoiceSections, type StoredSection } from './voice-vendors';

export interface AgentLlmDeps {
  db: Executor;
  config: Pick<Config, 'appSecret' | 'llm' | 'security'>;
  logger?: Logger;
}

/** The LLM request limits of an organization's model when the operator set none (LLM_TIMEOUT_MS). */
const ORGANIZATION_LLM_TIMEOUT_MS = 30_000;

/** Local OpenAI-compatible servers need no key; the client library insists on one (as config/index.ts does). */
const NO_KEY = 'not-needed';

/** The agent's LLM from its voice configuration (`voice_config_id`, `model` of its workflow_configurations). */
export async function agentLanguageModel(
  deps: AgentLlmDeps,
  organizationId: number,
  settings: { voiceConfigId: number | null; model: string | null },
  destinations: DestinationPolicy,
): Promise<LanguageModel | null> {
  const row =
    settings.voiceConfigId === null
      ? undefined
      : await findVoiceConfiguration(deps.db, organizationId, settings.voiceConfigId);
  const llm = row ? storedVoiceSections(row, deps.config).llm : null;
  return llmOf(llm, settings.model, deps, destinations);
}

/** The model of a configuration's llm section (null: the operator's), the agent's `model` first. */
export async function llmOf(
  llm: StoredSection | null,
  agentModel: string | null,
  deps: Pick<AgentLlmDeps, 'config' | 'logger'>,
  destinations: DestinationPolicy,
): Promise<LanguageModel | null> {
  return llm
    ? organizationModel(llm, agentModel, deps, destinations)
    : operatorModel(deps.config, agentModel);
}

const text = (values: Record<string, unknown>, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The organization's OpenAI-compatible models: the section's (the agent's `model` first), then its fallbacks. Base
 * URLs are user-set destinations, checked now, as the call connects: a refused one makes that model fail every
 * request as the LLM being unavailable (the next model answers; with none, the call apologises and ends `llm_error`).
 */
async function organizationModel(
  llm: StoredSection,
  agentModel: string | null,
  deps: Pick<AgentLlmDeps, 'config' | 'logger'>,
  destinations: DestinationPolicy,
): Promise<LanguageModel> {
  const { config } = deps;
  const { own, fallbacks } = splitFallbacks(llm);
  const primary: ChainedEndpoint = {
    model: agentModel ?? text(own.clear, 'model') ?? config.llm?.model ?? FALLBACK_LLM_MODEL,
    baseUrl: text(own.clear, 'base_url')?.replace(/\/+$/, '') ?? null,
    apiKey: own.secrets.api_key ?? '',
  };
  const endpoints = [
    primary,
    ...(fallbacks ?? []).map((entry): ChainedEndpoint => {
      const baseUrl = text(entry.clear, 'base_url')?.replace(/\/+$/, '');
      return baseUrl
        ? { model: String(entry.clear.model), baseUrl, apiKey: entry.secrets.api_key ?? NO_KEY }
        : { ...primary, model: String(entry.clear.model) };
    }),
  ];
  const timeoutMs = config.llm?.timeoutMs ?? ORGANIZATION_LLM_TIMEOUT_MS;
  const models = await Promise.all(
    endpoints.map(async (endpoint, index) => {
      const refusal = await refusalOf(endpoint.baseUrl, destinations);
      const field = index === 0 ? 'llm.base_url' : `llm.fallbacks.${index - 1}.base_url`;
      return refusal === null
        ? chainedOpenAiModel(endpoint, timeoutMs)
        : refusingModel(endpoint.model, `${field}: ${refusal}`);
    }),
  );
  const deadline = own.clear.first_token_timeout_ms;
  return new ModelChain(models, typeof deadline === 'number' ? deadline : undefined, (model, error) =>
    deps.logger?.warn(
      { model, err: error },
      'the LLM failed before its first token; the next model is asked',
    ),
  );
}

/** Why a base URL may not be reached now, or null when it may (absent: the vendor's own). */
async function refusalOf(baseUrl: string | null, destinations: DestinationPolicy): Promise<string | null> {
  if (baseUrl === null) return null;
  try {
    await checkDestination(baseUrl, destinations);
    return null;
  } catch (error) {
    if (!(error instanceof DestinationNotAllowedError)) throw error;
    return error.message;
  }
}

/** The operator's LLM (LLM_* settings), with the agent's `model` when it names one; null when none is set. */
function operatorModel(config: AgentLlmDeps['config'], agentModel: string | null): LanguageModel | null {
  if (!config.llm) return null;
  return createLanguageModel({ llm: agentModel ? { ...config.llm, model: agentModel } : config.llm });
}

function refusingModel(model: string, reason: string): LanguageModel {
  return { model, chat: () => Promise.reject(new LlmUnavailableError(reason)) };
}
