/** The state of one conversation, stored between turns (JSON, snake_case as it appears in run logs). */

/** What the state keeps: the summary of the first `summarized_turns` turns (null until the first is made; compaction.ts). */
export interface Compaction {
  summary: string | null;
  summarized_turns: number;
}

/**
 * Why a conversation ended: one list for text chats and calls (a call has more ways to end: silence, voicemail,
 * vendor errors, no LLM, shutdown). Text chats use `completed`, `user_ended`, `max_turns`, `max_duration`,
 * `llm_error` and `transferred`. `transferred`: the graph reached an endCall with `transfer_to` (the call is handed to
 * a person); `transfer_failed`: that hand-over could not be made (no way to transfer, or the vendor refused).
 */
export type EndReason =
  | 'completed'
  | 'user_ended'
  | 'max_turns'
  | 'max_duration'
  | 'silence_timeout'
  | 'no_llm'
  | 'voicemail'
  | 'llm_error'
  | 'stt_error'
  | 'tts_error'
  | 'transferred'
  | 'transfer_failed'
  | 'shutdown';

/** The disposition of a conversation the LLM failed in (the agent's codes cannot be chosen without it). */
export const LLM_ERROR_DISPOSITION = 'llm_error';

export interface TurnUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface Turn {
  role: 'agent' | 'user';
  content: string;
  node_id: string;
  at: string;
  /** LLM tokens spent producing an agent turn (transition, extraction and reply calls together). */
  usage?: TurnUsage;
  /** A spoken agent turn the caller cut short (barge-in): `content` is only the part that was played. */
  interrupted?: boolean;
  /**
   * The tool calls made in this agent turn before its last words, round by round: the words the LLM said alongside
   * each round (they begin `content`) and each call with its result (conversation/tool-rounds.ts).
   */
  tool_rounds?: ToolRound[];
  /**
   * The model that wrote an agent turn, as its server named it: with fallbacks (llm/model-chain.ts), the one that
   * answered. Absent on fixed lines (disclosure, transfer line, apology) and on turns recorded before it existed.
   */
  model?: string;
}

/** One tool call of an agent turn and its result, as the LLM got it. */
export interface ToolCallRecord {
  /** The LLM's id for the call. */
  id: string;
  name: string;
  tool_uuid: string | null;
  arguments: Record<string, unknown>;
  ok: boolean;
  result: string;
}

/** One response of the LLM that called tools: its words, and the calls with their results. */
export interface ToolRound {
  said: string;
  calls: ToolCallRecord[];
}

export interface TransitionRecord {
  from: string;
  to: string;
  label: string;
  at: string;
}

export interface ConversationState {
  /** Incremented on each save: two turns of one run never overwrite each other. */
  revision: number;
  node_id: string;
  /** What the conversation was started with, kept so a later turn sees the same agent settings. */
  variables: Record<string, unknown>;
  disposition_codes: string[];
  max_duration_seconds: number;
  started_at: string;
  ended_at: string | null;
  end_reason: EndReason | null;
  turns: Turn[];
  transitions: TransitionRecord[];
  gathered: Record<string, unknown>;
  extracted_nodes: string[];
  usage: TurnUsage;
  disposition: string | null;
  error: string | null;
  /** Where the conversation hands the call over (an endCall's `transfer_to`), once it reached that node. */
  transfer_to?: string;
  /**
   * A call's opt-out disposition (domain/opt-out.ts), offered to the disposition classifier beside the agent's codes;
   * absent on text chats (no number to list) and on calls saved before it existed.
   */
  opt_out_disposition?: string;
  /** When the caller pressed the agent's opt-out key: the call ends with the opt-out disposition. */
  opted_out_at?: string;
  /** Present when the agent's `context_compaction_enabled` is on: the summary the LLM reads (compaction.ts). */
  compaction?: Compaction;
  /** The disposition the last scripted branch or scripted endCall set (scripted-node.ts); the classifier is skipped. */
  script_disposition?: string;
}

export const userTurns = (state: ConversationState) => state.turns.filter((t) => t.role === 'user').length;
