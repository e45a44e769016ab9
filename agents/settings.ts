import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import {
  DEFAULT_OPT_OUT_DISPOSITION,
  OPT_OUT_DISPOSITION_MAX_LENGTH,
  OPT_OUT_DISPOSITION_PATTERN,
  OPT_OUT_KEY_PATTERN,
} from '../domain/opt-out';

/** The per-agent settings beside the graph: call limits, voice, disposition codes and template variables. */

export const DEFAULT_MAX_CALL_DURATION_SECONDS = 1800;
export const MAX_CALL_DURATION_LIMIT_SECONDS = 86_400;
export const DEFAULT_MAX_TOOL_CALLS_PER_TURN = 5;
export const MAX_TOOL_CALLS_PER_TURN_LIMIT = 20;

/** Defaults of the voice keys (agents/voice-settings.ts reads them into a call's VoiceSettings). */
export const VOICE_DEFAULTS = Object.freeze({
  language: 'en-US',
  /** `vad_configuration.stop_seconds`: the caller's silence that ends their turn. */
  stopSeconds: 0.8,
  /** `vad_configuration.start_seconds`: caller speech that interrupts the agent. */
  startSeconds: 0.3,
  maxUserIdleTimeout: 10,
  recordingEnabled: true,
  /** `turn_stop_strategy`: how a streamed turn's words end it (voice/turn-taking.ts). */
  turnStopStrategy: 'transcription' as 'transcription' | 'turn_analyzer',
  /** The silence after a complete answer ("Yes.") that ends the turn (not a key: never more than stop_seconds). */
  completeTurnSeconds: 0.3,
  /** `transcription`: the silence a plainly unfinished phrase waits for more (not a key). */
  unfinishedTurnSeconds: 1.5,
  /** `smart_turn_stop_secs` (Dograh's default): `turn_analyzer`'s longest wait on an unfinished phrase. */
  smartTurnStopSeconds: 2.0,
  /** `turn_start_strategy`: what interrupts the agent. */
  turnStartStrategy: 'default' as 'default' | 'min_words' | 'provisional_vad',
  /** `turn_start_min_words` (Dograh's default): words, backchannels excluded, that interrupt under `min_words`. */
  turnStartMinWords: 3,
  /** `provisional_vad_pause_secs` (Dograh's default): how long speech pauses the agent before it resumes. */
  provisionalVadPauseSeconds: 1.5,
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Message = (description: string) => Nullable(Type.String({ maxLength: 1000, description }));

/**
 * The voice keys of `workflow_configurations` (Dograh's names where it has them), each with its bounds: the API
 * validates them on save and the reader falls back to the default for a stored value outside them.
 */
export const VOICE_CONFIGURATION_KEYS = {
  voice_config_id: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        "A voice configuration of the agent's organization (/organizations/voice-configs); absent or null: the " +
        "local voice, no speech-to-text, the operator's LLM.",
    }),
  ),
  voice: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.+:-]*$',
      description:
        "The synthesiser's voice (e.g. flite `slt`); absent: the configuration's, else the engine's default.",
    }),
  ),
  language: Type.String({
    maxLength: 35,
    pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$',
    description: `BCP-47 language of the call (default ${VOICE_DEFAULTS.language}).`,
  }),
  model: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: "The LLM model; absent: the voice configuration's, else the operator's.",
    }),
  ),
  vad_configuration: Type.Object(
    {
      start_seconds: Type.Number({
        minimum: 0.05,
        maximum: 5,
        description: `Caller speech that interrupts the agent (default ${VOICE_DEFAULTS.startSeconds}).`,
      }),
      stop_seconds: Type.Number({
        minimum: 0.1,
        maximum: 10,
        description: `Caller silence that ends their turn (default ${VOICE_DEFAULTS.stopSeconds}).`,
      }),
      engine: Type.Optional(
        Type.Union([Type.Literal('silero'), Type.Literal('webrtc')], {
          description:
            'The voice activity detector: `silero` (default; tells speech from coughs, music, tones and hum) or ' +
            '`webrtc` (cheaper; hears most sounds as speech).',
        }),
      ),
      confidence: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: 1,
          description:
            "How sure the detector must be that a frame is speech: Silero's start threshold (default 0.5); " +
            "WebRTC's aggressiveness in quarters (default 2).",
        }),
      ),
      minimum_volume: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: 1,
          description: 'A floor under which a frame is never speech (its level from -60 dBFS to full scale).',
        }),
      ),
    },
    { additionalProperties: true, description: 'Turn taking (seconds of media time).' },
  ),
  turn_stop_strategy: Type.Union([Type.Literal('transcription'), Type.Literal('turn_analyzer')], {
    description:
      "How the caller's turn ends when the recogniser streams its words (Deepgram, the simulator): `transcription` " +
      `(default) ends a complete answer after ${VOICE_DEFAULTS.completeTurnSeconds} s of silence and waits ` +
      `${VOICE_DEFAULTS.unfinishedTurnSeconds} s on a plainly unfinished phrase; \`turn_analyzer\` waits up to ` +
      '`smart_turn_stop_secs` on it. Recognisers that give text only at the end keep `stop_seconds`.',
  }),
  smart_turn_stop_secs: Type.Number({
    minimum: 0.2,
    maximum: 10,
    description: `\`turn_analyzer\`: the longest silence an unfinished phrase waits (default ${VOICE_DEFAULTS.smartTurnStopSeconds}).`,
  }),
  turn_start_strategy: Type.Union(
    [Type.Literal('default'), Type.Literal('min_words'), Type.Literal('provisional_vad')],
    {
      description:
        'What interrupts the agent: `default`, `start_seconds` of speech; `min_words`, `turn_start_min_words` ' +
        'recognised words that are not backchannels ("uh-huh", "yeah", "okay"); `provisional_vad`, speech ' +
        'pauses the agent, which resumes its sentence when no words came within `provisional_vad_pause_secs`.',
    },
  ),
  turn_start_min_words: Type.Integer({
    minimum: 1,
    maximum: 20,
    description: `\`min_words\`: words that interrupt the agent (default ${VOICE_DEFAULTS.turnStartMinWords}).`,
  }),
  provisional_vad_pause_secs: Type.Number({
    minimum: 0.2,
    maximum: 10,
    description:
      `\`provisional_vad\`: how long speech pauses the agent before it resumes (default ` +
      `${VOICE_DEFAULTS.provisionalVadPauseSeconds}).`,
  }),
  max_user_idle_timeout: Type.Number({
    minimum: 1,
    maximum: 600,
    description:
      `Seconds of caller silence after the agent spoke before it asks once whether they are still there, then ` +
      `ends the call (default ${VOICE_DEFAULTS.maxUserIdleTimeout}).`,
  }),
  disclosure_message: Message('Spoken before the greeting (recording, AI); absent or empty: none.'),
  recording_enabled: Type.Boolean({ description: 'Store the call recording (default true).' }),
  voicemail_message: Message(
    'Left on an answering machine before hanging up; absent or empty: hang up at once.',
  ),
};

const optional = <T extends Record<string, TSchema>>(schemas: T) =>
  Object.fromEntries(Object.entries(schemas).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof T]: TOptional<T[K]>;
  };

export const AgentConfigurationsSchema = Type.Object(
  {
    ...optional(VOICE_CONFIGURATION_KEYS),
    max_call_duration_seconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CALL_DURATION_LIMIT_SECONDS,
        description: `A call that runs longer is ended (default ${DEFAULT_MAX_CALL_DURATION_SECONDS}).`,
      }),
    ),
    max_tool_calls_per_turn: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_TOOL_CALLS_PER_TURN_LIMIT,
        description:
          `The most tool calls the LLM may make in one agent turn (default ${DEFAULT_MAX_TOOL_CALLS_PER_TURN}); ` +
          'past it the LLM must answer.',
      }),
    ),
    context_compaction_enabled: Type.Optional(
      Type.Boolean({
        description:
          'On a long conversation the LLM reads the earlier turns as one summary, so its prompt stops growing ' +
          '(default false; text chats and calls alike).',
      }),
    ),
    opt_out_disposition: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: OPT_OUT_DISPOSITION_MAX_LENGTH,
        pattern: OPT_OUT_DISPOSITION_PATTERN,
        description:
          `The disposition that means "do not call me again" (default ${DEFAULT_OPT_OUT_DISPOSITION}); always ` +
          "offered to the disposition classifier. A call that ends with it puts the number on the organization's " +
          'do-not-call list.',
      }),
    ),
    opt_out_dtmf_key: Type.Optional(
      Nullable(
        Type.String({
          pattern: OPT_OUT_KEY_PATTERN,
          description:
            'A key (0-9, * or #) the person presses to opt out: the number joins the do-not-call list and the call ' +
            'ends after a short confirmation. Absent or null: none.',
        }),
      ),
    ),
  },
  { additionalProperties: true, description: 'Known keys are validated; further keys are kept as sent.' },
);
export type AgentConfigurations = Static<typeof AgentConfigurationsSchema> & {
  max_call_duration_seconds: number;
};

export const CallDispositionCodesSchema = Type.Object({
  disposition_codes: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    uniqueItems: true,
    maxItems: 200,
    description: 'The codes the agent may assign to a call, e.g. ["interested", "callback"].',
  }),
});
export type CallDispositionCodes = Static<typeof CallDispositionCodesSchema>;

export const TemplateContextVariablesSchema = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'Default values of the template variables used in prompts; a call’s initial_context overrides them.',
});

/** A usable maximum duration: a positive integer number of seconds (at most `limit`), else undefined. */
const durationSeconds = (value: unknown, limit = Infinity): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= limit ? value : undefined;

/**
 * The configurations with their defaults filled in, as stored and as the engine reads them (the one reader of the
 * maximum duration). `max_call_duration_seconds` wins; else Dograh's SDK field `max_call_duration` (seconds, kept as
 * sent and not validated at write, so a value that is no integer in 1..86400 is ignored); else the default.
 */
export function withConfigurationDefaults(
  configurations: Record<string, unknown> | null | undefined,
): AgentConfigurations {
  const given = configurations ?? {};
  return {
    ...given,
    max_call_duration_seconds:
      durationSeconds(given.max_call_duration_seconds) ??
      durationSeconds(given.max_call_duration, MAX_CALL_DURATION_LIMIT_SECONDS) ??
      DEFAULT_MAX_CALL_DURATION_SECONDS,
  };
}

/** Dograh's `context_compaction_enabled` (conversation/compaction.ts): only `true` turns it on. */
export const contextCompactionOf = (configurations: Record<string, unknown> | null | undefined): boolean =>
  configurations?.context_compaction_enabled === true;

/** `max_tool_calls_per_turn` (conversation/tool-rounds.ts), the default when absent or out of bounds. */
export function maxToolCallsPerTurnOf(configurations: Record<string, unknown> | null | undefined): number {
  const given = configurations?.max_tool_calls_per_turn;
  return typeof given === 'number' &&
    Number.isInteger(given) &&
    given >= 1 &&
    given <= MAX_TOOL_CALLS_PER_TURN_LIMIT
    ? given
    : DEFAULT_MAX_TOOL_CALLS_PER_TURN;
}
