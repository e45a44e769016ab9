/**
 * An agent's voice settings: its `workflow_configurations` read into the VoiceSettings a call runs with
 * (voice/live-call.ts). Stored JSON is always read through here, never cast: a key that is absent, or holds a value
 * outside the bounds the API enforces today (agents/settings.ts, VOICE_CONFIGURATION_KEYS), takes its default.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { VoiceSettings } from '../voice/live-call';
import { DEFAULT_VAD_ENGINE, type VadEngine } from '../voice/vad/detector';
import {
  contextCompactionOf,
  maxToolCallsPerTurnOf,
  VOICE_CONFIGURATION_KEYS,
  VOICE_DEFAULTS,
  withConfigurationDefaults,
} from './settings';

type Keys = typeof VOICE_CONFIGURATION_KEYS;

export function readVoiceSettings(
  workflowConfigurations: Record<string, unknown> | null | undefined,
): VoiceSettings {
  const given = workflowConfigurations ?? {};
  const read = <K extends keyof Keys>(key: K): unknown =>
    Value.Check(VOICE_CONFIGURATION_KEYS[key] as TSchema, given[key]) ? given[key] : undefined;
  const vad = read('vad_configuration') as
    | {
        start_seconds: number;
        stop_seconds: number;
        engine?: VadEngine;
        confidence?: number;
        minimum_volume?: number;
      }
    | undefined;
  return {
    voiceConfigId: (read('voice_config_id') as number | null | undefined) ?? null,
    voice: (read('voice') as string | null | undefined) ?? null,
    language: (read('language') as string | undefined) ?? VOICE_DEFAULTS.language,
    model: (read('model') as string | null | undefined) ?? null,
    maxDurationSeconds: withConfigurationDefaults(given).max_call_duration_seconds,
    endOfTurnSeconds: vad?.stop_seconds ?? VOICE_DEFAULTS.stopSeconds,
    interruptionSeconds: vad?.start_seconds ?? VOICE_DEFAULTS.startSeconds,
    vadEngine: vad?.engine ?? DEFAULT_VAD_ENGINE,
    vadConfidence: vad?.confidence ?? null,
    minimumVolume: vad?.minimum_volume ?? null,
    completeTurnSeconds: VOICE_DEFAULTS.completeTurnSeconds,
    unfinishedTurnSeconds:
      (read('turn_stop_strategy') ?? VOICE_DEFAULTS.turnStopStrategy) === 'turn_analyzer'
        ? ((read('smart_turn_stop_secs') as number | undefined) ?? VOICE_DEFAULTS.smartTurnStopSeconds)
        : VOICE_DEFAULTS.unfinishedTurnSeconds,
    interruptionStrategy:
      (read('turn_start_strategy') as VoiceSettings['interruptionStrategy'] | undefined) ??
      VOICE_DEFAULTS.turnStartStrategy,
    interruptionWords:
      (read('turn_start_min_words') as number | undefined) ?? VOICE_DEFAULTS.turnStartMinWords,
    provisionalPauseSeconds:
      (read('provisional_vad_pause_secs') as number | undefined) ?? VOICE_DEFAULTS.provisionalVadPauseSeconds,
    idleTimeoutSeconds:
      (read('max_user_idle_timeout') as number | undefined) ?? VOICE_DEFAULTS.maxUserIdleTimeout,
    disclosureMessage: spoken(read('disclosure_message')),
    recordingEnabled: (read('recording_enabled') as boolean | undefined) ?? VOICE_DEFAULTS.recordingEnabled,
    voicemailMessage: spoken(read('voicemail_message')),
    contextCompaction: contextCompactionOf(given),
    maxToolCallsPerTurn: maxToolCallsPerTurnOf(given),
  };
}

/** A line to speak, or null when there is nothing to say (absent, null, or blank). */
function spoken(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
