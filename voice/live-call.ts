/**
 * What the media process hands the voice pipeline for one call, and what the pipeline hands back. The media
 * server (media/) loads a `LiveCall` from the database when a stream opens; the pipeline (voice/call-pipeline.ts)
 * talks and reports through a `ConversationSink`, which stores the conversation after every turn and once at the end.
 */
import type { ToolRunner } from '../conversation/agent-tools';
import type { AgentDefinition } from '../agents/definition';
import type { Logger } from '../config/logger';
import type { ConversationState, EndReason } from '../conversation/conversation-state';
import type { OptOutSettings } from '../domain/opt-out';
import type { LanguageModel } from '../llm';
import type { MediaTransport } from './media-transport';
import type { SpeechRecognizer, SpeechSynthesizer } from './speech';
import type { VadEngine } from './vad/detector';

/** The agent's voice settings (`workflow_configurations`, Dograh's key names where they exist), defaults filled in. */
export interface VoiceSettings {
  /** The voice configuration the agent names (`voice_config_id`); null: local TTS, no STT, the operator's LLM. */
  voiceConfigId: number | null;
  /** The TTS voice (`voice`); null: the synthesiser's default. */
  voice: string | null;
  /** BCP-47 language (`language`, default 'en-US'). */
  language: string;
  /** The LLM model (`model`); null: the configuration's or the operator's. */
  model: string | null;
  /** `max_call_duration_seconds` (default 1800): the call ends at this media time. */
  maxDurationSeconds: number;
  /** `vad_configuration.stop_seconds` (default 0.8): the caller's silence that ends their turn. */
  endOfTurnSeconds: number;
  /** `vad_configuration.start_seconds` (default 0.3): caller speech that interrupts the agent (barge-in). */
  interruptionSeconds: number;
  /** `vad_configuration.engine` (default `silero`): the voice activity detector (voice/vad/detector.ts). */
  vadEngine: VadEngine;
  /**
   * `vad_configuration.confidence` (0–1): how sure voice activity detection must be that a frame is speech: Silero's
   * start threshold (null: 0.5); WebRTC's detector takes it as its aggressiveness (below 0.25: 0, below 0.5: 1,
   * below 0.75: 2, else 3; null: 2).
   */
  vadConfidence: number | null;
  /** `vad_configuration.minimum_volume` (0–1, audio/frames.ts `volume`): quieter frames are never speech. Null: no floor. */
  minimumVolume: number | null;
  /** The silence that ends a turn whose streamed words are a complete answer (0.3 s; capped by endOfTurnSeconds). */
  completeTurnSeconds: number;
  /**
   * The silence a turn whose streamed words are plainly unfinished waits for more (`turn_stop_strategy`:
   * `transcription` 1.5 s, `turn_analyzer` its `smart_turn_stop_secs`, default 2.0).
   */
  unfinishedTurnSeconds: number;
  /** `turn_start_strategy` (default `default`): what interrupts the agent (voice/turn-taking.ts). */
  interruptionStrategy: 'default' | 'min_words' | 'provisional_vad';
  /** `turn_start_min_words` (default 3): words, backchannels excluded, that interrupt under `min_words`. */
  interruptionWords: number;
  /** `provisional_vad_pause_secs` (default 1.5): how long speech pauses the agent before it resumes. */
  provisionalPauseSeconds: number;
  /** `max_user_idle_timeout` (default 10): silence after the agent spoke before it prompts once, then ends. */
  idleTimeoutSeconds: number;
  /** `disclosure_message`: spoken before the greeting (recording, AI); null: none. */
  disclosureMessage: string | null;
  /** `recording_enabled` (default true): caller, agent and mixed WAVs are stored. */
  recordingEnabled: boolean;
  /** `voicemail_message`: left on an answering machine, then the call ends; null: hang up at once. */
  voicemailMessage: string | null;
  /** `context_compaction_enabled`: earlier turns reach the LLM as one summary (conversation/compaction.ts). */
  contextCompaction: boolean;
  /** `max_tool_calls_per_turn` (conversation/tool-rounds.ts). */
  maxToolCallsPerTurn: number;
}

/** One call as the media process loads it when its stream opens. */
export interface LiveCall {
  runId: number;
  organizationId: number;
  agentId: number;
  /** The run's mode: the provider's name. */
  mode: string;
  callType: 'inbound' | 'outbound';
  /** The attempt of an outbound campaign or one-off call; null for inbound calls. */
  attemptId: number | null;
  definition: AgentDefinition;
  variables: Record<string, unknown>;
  dispositionCodes: string[];
  settings: VoiceSettings;
  /** The conversation saved so far (a reconnecting stream continues it); null on a fresh call. */
  saved: ConversationState | null;
  /** The agent's tools, ready to run (its nodes' `tool_uuids`, conversation/agent-tools.ts); absent: none. */
  tools?: ToolRunner;
  /** The agent's opt-out disposition and key (domain/opt-out.ts); absent: the default disposition, no key. */
  optOut?: OptOutSettings;
  /** The person's E.164 number (called, or calling in), for logs (masked); null or absent when there is none. */
  personNumber?: string | null;
  /** The start node's recorded greeting, converted for the transport (media/recorded-greeting.ts); absent: none. */
  recordedGreeting?: RecordedLine | null;
}

/** A recorded line ready to play: its audio at the transport's rate, and its transcript for the conversation. */
export interface RecordedLine {
  recordingId: string;
  transcript: string;
  pcm: Int16Array;
}

/** The vendors one call talks through, resolved from its voice configuration. */
export interface CallVoices {
  /** Null: no speech-to-text configured (the simulator's text is used on simulator calls; others hear nothing). */
  recognizer: SpeechRecognizer | null;
  synthesizer: SpeechSynthesizer;
  /** The local synthesiser the apology is spoken with when the configured one fails. */
  fallbackSynthesizer: SpeechSynthesizer;
  /** Null: no LLM configured; the agent says its greeting and ends politely. */
  llm: LanguageModel | null;
}

/** Why the pipeline ended the call: the conversation's end reasons (conversation/conversation-state.ts). */
export type CallEndReason = EndReason;

/** One agent turn's measured latencies (ms of wall clock), kept in the transcript. */
export interface TurnLatency {
  /** End-of-turn decision → first agent audio frame handed to the transport. */
  first_audio_ms: number;
  /** End-of-turn decision → final recognised text. */
  stt_ms: number | null;
  /** Recognised text → first LLM text. */
  llm_first_text_ms: number | null;
  /** First sentence → its first synthesised audio. */
  tts_first_audio_ms: number | null;
}

export interface VoiceUsage {
  stt_seconds: number;
  tts_characters: number;
}

/** The finished call, as the sink stores it. */
export interface FinishedCall {
  state: ConversationState;
  endReason: CallEndReason;
  /** Seconds of media time from stream start to end. */
  mediaSeconds: number;
  usage: VoiceUsage;
  /** Per agent turn (index into state.turns), its latencies. */
  latencies: Record<number, TurnLatency>;
  /** The vendor error that ended the call, if one did. */
  error: string | null;
}

/** Moves the call at its vendor to a person at `destination` (E.164 or SIP URI); rejects when that cannot be done. */
export type TransferHook = (destination: string) => Promise<void>;

/** What voice/call-pipeline.ts runs one call with. */
export interface CallPipelineInput {
  call: LiveCall;
  voices: CallVoices;
  transport: MediaTransport;
  sink: ConversationSink;
  logger: Logger;
  maxTurns: number;
  /** Moves the call to a person at its vendor (absent: the vendor cannot, and a transfer ends `transfer_failed`). */
  transfer?: TransferHook;
}

export interface CallPipeline {
  /** Resolves once the call ended and `sink.finish` returned; never rejects (errors end the call with a reason). */
  done: Promise<FinishedCall>;
  /** The vendor's answering-machine detection said machine: play the agent's voicemail_message (if any), then end with 'voicemail'. */
  answeredByMachine(): void;
  /** Process shutdown past its grace period: end the call now ('shutdown'). */
  shutdown(): void;
}

/** Where the pipeline reports; the media process implements it over the database and object storage. */
export interface ConversationSink {
  /** After every turn (agent or caller): the conversation so far. */
  saveTurn(state: ConversationState): Promise<void>;
  /** Once, at the end. */
  finish(call: FinishedCall): Promise<void>;
  /** The caller pressed the opt-out key: their number joins the do-not-call list now, before the call ends. */
  optedOut?(): Promise<void>;
}
