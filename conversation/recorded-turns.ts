import type { AgentDefinition } from '../agents/definition';
import type { ConversationState, EndReason } from './conversation-state';

/**
 * Changes to a conversation that need no LLM: opening it, lines a call speaks outside the graph (disclosure, the
 * silence prompt, voicemail, an apology), a turn the caller interrupted, and endings decided outside the engine
 * (vendor failures, no LLM configured). The engine (engine.ts) builds on these; the voice pipeline calls them.
 */

export interface RecordSetup {
  now?: () => Date;
}

export interface ConversationStart {
  variables: Record<string, unknown>;
  dispositionCodes: string[];
  maxDurationSeconds: number;
  /** A call's opt-out disposition, always offered to the classifier (domain/opt-out.ts); absent on text chats. */
  optOutDisposition?: string;
  /** The agent's `context_compaction_enabled` (compaction.ts; default off). */
  contextCompaction?: boolean;
}

export const clock = (setup: RecordSetup) => (setup.now ?? (() => new Date()))().toISOString();

/** A conversation at the startCall node with no turns yet. */
export function openConversation(
  setup: RecordSetup & { definition: AgentDefinition },
  start: ConversationStart,
): ConversationState {
  const startNode = setup.definition.nodes.find((node) => node.type === 'startCall');
  if (!startNode) throw new Error('The definition has no startCall node.');
  return {
    revision: 0,
    node_id: startNode.id,
    variables: start.variables,
    disposition_codes: start.dispositionCodes,
    max_duration_seconds: start.maxDurationSeconds,
    started_at: clock(setup),
    ended_at: null,
    end_reason: null,
    turns: [],
    transitions: [],
    gathered: {},
    extracted_nodes: [],
    usage: { prompt_tokens: 0, completion_tokens: 0 },
    disposition: null,
    error: null,
    ...(start.optOutDisposition ? { opt_out_disposition: start.optOutDisposition } : {}),
    ...(start.contextCompaction ? { compaction: { summary: null, summarized_turns: 0 } } : {}),
  };
}

/** The caller pressed the opt-out key: recorded once (the first press), so the conversation ends opted out. */
export function pressedOptOutKey(setup: RecordSetup, previous: ConversationState): ConversationState {
  if (previous.opted_out_at) return previous;
  return { ...structuredClone(previous), opted_out_at: clock(setup) };
}

/** Records a line the agent spoke outside the graph (it joins the history the LLM sees next). */
export function agentSaid(
  setup: RecordSetup,
  previous: ConversationState,
  content: string,
): ConversationState {
  return withTurn(setup, previous, 'agent', content);
}

/**
 * Records words the caller said that the agent will not answer: the call was ending when they were heard (the caller
 * spoke and hung up before the turn's silence was over). They join the transcript, and the disposition is chosen
 * with them (a "do not call me again" said on the way out still opts out).
 */
export function callerSaidUnanswered(
  setup: RecordSetup,
  previous: ConversationState,
  content: string,
): ConversationState {
  return withTurn(setup, previous, 'user', content);
}

/** `previous` with one more turn, at the current node and time. */
function withTurn(
  setup: RecordSetup,
  previous: ConversationState,
  role: 'agent' | 'user',
  content: string,
): ConversationState {
  const state = structuredClone(previous);
  state.turns.push({ role, content, node_id: state.node_id, at: clock(setup) });
  return state;
}

/**
 * How an agent's reply was cut short. `recorded`: the conversation already ends with the reply, which is cut down.
 * `abandoned`: the reply was still being produced and never recorded; the caller's words it answered (if any) are
 * recorded first.
 */
export type Interruption =
  { reply: 'recorded'; played: string } | { reply: 'abandoned'; callerWords?: string; played: string };

/**
 * Records a reply the caller cut short (or a failure stopped): the agent's turn keeps only `played` (the sentences
 * the caller heard), marked `interrupted`, and disappears when nothing was played.
 */
export function recordInterruptedTurn(
  setup: RecordSetup,
  previous: ConversationState,
  interruption: Interruption,
): ConversationState {
  const state = structuredClone(previous);
  const at = clock(setup);
  const played = interruption.played.trim();
  if (interruption.reply === 'abandoned') {
    if (interruption.callerWords !== undefined)
      state.turns.push({ role: 'user', content: interruption.callerWords, node_id: state.node_id, at });
    if (played)
      state.turns.push({ role: 'agent', content: played, node_id: state.node_id, at, interrupted: true });
    return state;
  }
  const last = state.turns.at(-1);
  if (last?.role !== 'agent') return state;
  if (played) Object.assign(last, { content: played, interrupted: true });
  else state.turns.pop();
  return state;
}

/**
 * Ends the conversation without asking the LLM for a disposition: the reason is the disposition (a vendor failure,
 * no LLM configured, or an ending on a call without an LLM). An ended conversation is returned unchanged.
 */
export function endWithoutLlm(
  setup: RecordSetup,
  previous: ConversationState,
  reason: EndReason,
  error: string | null = null,
): ConversationState {
  if (previous.end_reason) return previous;
  const state = structuredClone(previous);
  markEnded(setup, state, reason, error);
  return state;
}

/** Closes `state` in place with `reason` as its disposition. */
export function markEnded(
  setup: RecordSetup,
  state: ConversationState,
  reason: EndReason,
  error: string | null,
): void {
  if (error !== null) state.error = error;
  // A caller who pressed the opt-out key ends opted out, unless a failure ended the call (its reason is the disposition).
  const disposition =
    error === null && state.opted_out_at && state.opt_out_disposition ? state.opt_out_disposition : reason;
  state.gathered.mapped_call_disposition = disposition;
  state.disposition = disposition;
  state.end_reason = reason;
  state.ended_at = clock(setup);
}
