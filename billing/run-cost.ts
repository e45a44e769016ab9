import type { Config } from '../config';

/** A run's usage_info and cost_info from what it used and the configured unit prices. */

export interface RunUsage {
  mode: string;
  promptTokens: number;
  completionTokens: number;
  callDurationSeconds: number;
  sttSeconds?: number;
  ttsCharacters?: number;
}

export interface RunCost {
  usage_info: {
    llm: { prompt_tokens: number; completion_tokens: number };
    stt_seconds: number;
    tts_characters: number;
    call_duration_seconds: number;
  };
  cost_info: { service_token_usage: number; charge_usd: number; call_duration_seconds: number };
  service_token_usage: number;
  charge_usd: number;
}

// Money: rounded once, at the end, to micro-dollars, so sums of many runs stay exact enough to bill.
const roundUsd = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;

/** Text chats carry no telephony minutes; speech services are billed only where a provider call used them. */
export function computeRunCost(usage: RunUsage, pricing: Config['pricing']): RunCost {
  const sttSeconds = usage.sttSeconds ?? 0;
  const ttsCharacters = usage.ttsCharacters ?? 0;
  const duration = Math.max(0, usage.callDurationSeconds);
  const telephonyMinutes = usage.mode === 'textchat' ? 0 : duration / 60;
  const charge =
    (usage.promptTokens / 1_000_000) * pricing.llmPromptPerMillionTokens +
    (usage.completionTokens / 1_000_000) * pricing.llmCompletionPerMillionTokens +
    telephonyMinutes * pricing.callPerMinute +
    (sttSeconds / 60) * pricing.sttPerMinute +
    (ttsCharacters / 1_000_000) * pricing.ttsPerMillionCharacters;
  const tokens = usage.promptTokens + usage.completionTokens;
  const chargeUsd = roundUsd(charge);
  return {
    usage_info: {
      llm: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens },
      stt_seconds: sttSeconds,
      tts_characters: ttsCharacters,
      call_duration_seconds: duration,
    },
    cost_info: { service_token_usage: tokens, charge_usd: chargeUsd, call_duration_seconds: duration },
    service_token_usage: tokens,
    charge_usd: chargeUsd,
  };
}
