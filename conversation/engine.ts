import type { AgentDefinition, AgentEdge, AgentNode } from '../agents/definition';
import { DEFAULT_TRANSFER_MESSAGE, transferOf, type TransferTarget } from '../agents/transfer';
import { LlmUnavailableError, type DeadlineClock, type LanguageModel, type TokenUsage } from '../llm';
import {
  userTurns,
  type ConversationState,
  type EndReason,
  type ToolRound,
  type TurnUsage,
} from './conversation-state';
import type { ToolRunner } from './agent-tools';
import { compactBeside } from './compaction';
import { classifyDisposition, extractVariables } from './extraction';
import { historyMessages, systemPrompt, transitionTools } from './node-prompts';
import { clock, markEnded, openConversation, type ConversationStart } from './recorded-turns';
import {
  answerAt,
  defaultScriptDisposition,
  edgeDisposition,
  isScripted,
  scriptedOnly,
  stepScripted,
  timeoutBranch,
} from './scripted-node';
import {
  DEFAULT_MAX_TOOL_CALLS_PER_TURN,
  roundMessages,
  roundWords,
  runRound,
  type RoundEnd,
  type RoundSetup,
} from './tool-rounds';

export type { ConversationStart } from './recorded-turns';

/**
 * Walks an agent definition turn by turn: the start node speaks first, each node's prompt (with the global
 * node's) drives the LLM, transitions are the LLM's function calls named after the edges, a node's extraction
 * variables are captured when the conversation leaves it, and reaching an endCall ends the conversation with a
 * disposition from the agent's codes (an endCall with `transfer_to` says its transfer line and ends `transferred`). Functions take a state and return the next one; the caller stores it.
 */

export interface ConversationSetup {
  definition: AgentDefinition;
  llm: LanguageModel;
  maxTurns: number;
  now?: () => Date;
  /** The clock the spoken requests' first-token deadlines run on (a call's media clock); absent: wall time. */
  deadlineClock?: DeadlineClock;
  /** The nodes' tools (their `tool_uuids`, agent-tools.ts); absent: the LLM is offered transitions only. */
  tools?: ToolRunner;
  /** Tool calls run per agent turn at most (`max_tool_calls_per_turn`, default 5). */
  maxToolCallsPerTurn?: number;
  /**
   * A voice call: the agent's spoken requests (replies and closing words, not extraction or disposition) stream
   * their text to `onText` as the model produces it, and `signal` aborts them (barge-in). An aborted turn rejects
   * with the signal's reason and leaves the state it started from untouched.
   */
  speech?: {
    onText(delta: string): void;
    signal?: AbortSignal;
    /** The conversation is handing the call over: the text that follows (the transfer line) must not be cut short. */
    onTransfer?(): void;
    /** The node whose words follow (a node's `allow_interrupt: false` makes them uninterruptible). */
    onNode?(node: AgentNode): void;
    /** Resolves once the caller's turn is decided: a reply requested ahead of it runs no tool before. */
    decided?: Promise<void>;
  };
}

export class ConversationEndedError extends Error {
  constructor() {
    super('The conversation has ended.');
    this.name = 'ConversationEndedError';
  }
}

/** Usage collected during one agent turn; attached to the agent's reply when it is spoken. */
class TurnMeter {
  pending: TurnUsage = { prompt_tokens: 0, completion_tokens: 0 };
  constructor(private readonly state: ConversationState) {}
  add(usage: TokenUsage | null): void {
    if (!usage) return;
    for (const target of [this.pending, this.state.usage]) {
      target.prompt_tokens += usage.promptTokens;
      target.completion_tokens += usage.completionTokens;
    }
  }
  take(): TurnUsage {
    const taken = this.pending;
    this.pending = { prompt_tokens: 0, completion_tokens: 0 };
    return taken;
  }
}

function nodeById(definition: AgentDefinition, id: string): AgentNode {
  const node = definition.nodes.find((candidate) => candidate.id === id);
  if (!node) throw new Error(`The definition has no node "${id}".`);
  return node;
}

/** Starts a conversation at the startCall node; the agent's greeting is its first turn. */
export async function startConversation(
  setup: ConversationSetup,
  start: ConversationStart,
): Promise<ConversationState> {
  return agentReplies(setup, openConversation(setup, start));
}

/**
 * The agent speaks at the current node without new words from the user: the greeting of an opened conversation
 * (after a call's disclosure), or the reply a resumed call still owes.
 */
export async function agentReplies(
  setup: ConversationSetup,
  previous: ConversationState,
): Promise<ConversationState> {
  if (previous.end_reason) throw new ConversationEndedError();
  const state: ConversationState = structuredClone(previous);
  return guarded(setup, state, (meter) => agentTurn(setup, state, meter));
}

/** Records the user's message and lets the agent answer (or end the conversation). */
export async function userSays(
  setup: ConversationSetup,
  previous: ConversationState,
  content: string,
): Promise<ConversationState> {
  if (previous.end_reason) throw new ConversationEndedError();
  const state: ConversationState = structuredClone(previous);
  state.turns.push({ role: 'user', content, node_id: state.node_id, at: clock(setup) });
  const elapsed = (Date.parse(clock(setup)) - Date.parse(state.started_at)) / 1000;
  return guarded(setup, state, async (meter) => {
    if (elapsed > state.max_duration_seconds) return finish(setup, state, meter, 'max_duration');
    await agentTurn(setup, state, meter);
    if (!state.end_reason && userTurns(state) >= setup.maxTurns)
      await finish(setup, state, meter, 'max_turns');
  });
}

/**
 * Ends a conversation that has not reached an endCall (the user hung up or closed the chat), after the user's
 * `lastWords` when they said something as they left.
 */
export async function endConversation(
  setup: ConversationSetup,
  previous: ConversationState,
  reason: EndReason = 'user_ended',
  lastWords?: string,
): Promise<ConversationState> {
  if (previous.end_reason) return previous;
  const state: ConversationState = structuredClone(previous);
  if (lastWords?.trim())
    state.turns.push({ role: 'user', content: lastWords.trim(), node_id: state.node_id, at: clock(setup) });
  return guarded(setup, state, (meter) => finish(setup, state, meter, reason));
}

/** Ends a conversation at once because an LLM outside the engine failed (e.g. a simulated callee's). */
export function endWithLlmError(
  setup: ConversationSetup,
  previous: ConversationState,
  message: string,
): ConversationState {
  if (previous.end_reason) return previous;
  const state: ConversationState = structuredClone(previous);
  markLlmError(setup, state, message);
  return state;
}

/** An LLM failure at any point ends the conversation with the llm_error disposition. */
async function guarded(
  setup: ConversationSetup,
  state: ConversationState,
  work: (meter: TurnMeter) => Promise<void>,
): Promise<ConversationState> {
  const meter = new TurnMeter(state);
  try {
    await work(meter);
  } catch (error) {
    const signal = setup.speech?.signal;
    // A barge-in is not an LLM failure, however the model reports the abort.
    if (signal?.aborted) throw signal.reason;
    if (!(error instanceof LlmUnavailableError)) throw error;
    markLlmError(setup, state, error.message);
  }
  return state;
}

function markLlmError(setup: ConversationSetup, state: ConversationState, message: string): void {
  markEnded(setup, state, 'llm_error', message);
}

/**
 * One agent turn: follow the LLM's transitions (bounded hops) until it speaks or the conversation ends. The variables
 * of a node the conversation leaves are extracted beside the next node's request, not before it (the next prompt reads
 * the call's variables, not what is gathered); the turn is recorded once every extraction has finished.
 */
async function agentTurn(
  setup: ConversationSetup,
  state: ConversationState,
  meter: TurnMeter,
  answering = true,
): Promise<void> {
  const { definition, llm } = setup;
  const extractions: Array<Promise<void>> = [];
  const extracted = async () => {
    for (const extraction of extractions.splice(0)) await extraction;
  };
  // A scripted-only agent may have no LLM at all: nothing is summarised.
  const compact = (after: 'turn' | 'transition') =>
    scriptedOnly(definition)
      ? null
      : compactBeside(llm, state, after, (usage) => meter.add(usage), setup.speech?.signal);
  let compacting = compact('turn');
  if (compacting) extractions.push(compacting);
  // This turn's tool rounds, and the words said with its transitions: the next requests see them.
  const turn: TurnSoFar = { rounds: [], calls: { count: 0 } };
  const maxToolCalls = setup.maxToolCallsPerTurn ?? DEFAULT_MAX_TOOL_CALLS_PER_TURN;
  for (let hop = 0; hop <= definition.nodes.length + maxToolCalls; hop++) {
    const node = nodeById(definition, state.node_id);
    setup.speech?.onNode?.(node);
    if (isScripted(node) && !(node.type === 'endCall' && transferOf(node))) {
      const answer = answering && hop === 0 ? answerAt(state, node) : null;
      const next = await scriptedStep(setup, state, meter, node, answer, turn, extracted);
      if (!next) return;
      moveAlong(setup, state, next);
      continue;
    }
    if (node.type === 'endCall') {
      const transfer = transferOf(node);
      if (transfer) return handOver(setup, state, meter, transfer, extracted, turn);
      const closing = node.data.prompt
        ? await llm.chat({
            messages: [
              { role: 'system', content: systemPrompt(definition, node, state.variables, true) },
              ...historyMessages(state),
              ...roundMessages(turn.rounds),
            ],
            ...spoken(setup),
          })
        : null;
      if (closing) meter.add(closing.usage);
      await extracted();
      const words = closing?.content?.trim();
      if (words || roundWords(turn.rounds)) speak(setup, state, words ?? '', meter, closing?.model, turn);
      return finish(setup, state, meter, 'completed');
    }
    const transitions = transitionTools(definition, node);
    const offered = turn.calls.count < maxToolCalls ? (setup.tools?.forNode(node) ?? []) : [];
    const result = await llm.chat({
      messages: [
        { role: 'system', content: systemPrompt(definition, node, state.variables) },
        ...historyMessages(state),
        ...roundMessages(turn.rounds),
      ],
      tools: [...transitions.map((t) => t.tool), ...offered.map((tool) => tool.spec)],
      ...spoken(setup),
    });
    meter.add(result.usage);
    const said = result.content?.trim() ?? '';
    const taken = result.toolCalls
      .map((call) => transitions.find((t) => t.tool.name === call.name))
      .find((t) => t !== undefined);
    const toolCalls = result.toolCalls.filter((call) => !transitions.some((t) => t.tool.name === call.name));
    if (!taken && toolCalls.length > 0 && setup.tools) {
      const round = { said, calls: [] };
      turn.rounds.push(round);
      const ended = await runRound(
        { ...roundSetup(setup, maxToolCalls), settled: extracted },
        state,
        offered,
        toolCalls,
        round,
        turn.calls,
      );
      if (ended) return endedByTool(setup, state, meter, ended, extracted, turn, result.model);
      continue;
    }
    if (!taken) {
      await extracted();
      speak(setup, state, said || (roundWords(turn.rounds) ? '' : '…'), meter, result.model, turn);
      return;
    }
    if (said) turn.rounds.push({ said, calls: [] });
    const extraction = extractFrom(setup, state, node, meter);
    // Awaited before the turn is recorded; a failure meanwhile is held for then, not reported unhandled.
    extraction.catch(() => {});
    extractions.push(extraction);
    moveAlong(setup, state, taken.edge);
    compacting ??= compact('transition');
    if (compacting && !extractions.includes(compacting)) extractions.push(compacting);
  }
  await extracted();
  // Transitions or tool calls that keep looping without a word: the model is misbehaving, treat it as a failure.
  throw new LlmUnavailableError('The LLM kept changing steps or calling tools without replying.');
}

/** A scripted node's part of a turn (scripted-node.ts), its words spoken and recorded as an LLM's would be. */
function scriptedStep(
  setup: ConversationSetup,
  state: ConversationState,
  meter: TurnMeter,
  node: AgentNode,
  answer: string | null,
  turn: TurnSoFar,
  extracted: () => Promise<void>,
): Promise<AgentEdge | null> {
  return stepScripted(
    {
      definition: setup.definition,
      state,
      now: clock(setup),
      say: async (line) => {
        if (line) setup.speech?.onText(` ${line} `);
        await extracted();
        if (line || roundWords(turn.rounds)) speak(setup, state, line, meter, undefined, turn);
      },
      sayOnTheWay: (line) => {
        turn.rounds.push({ said: line, calls: [] });
        setup.speech?.onText(` ${line} `);
      },
      end: () => finish(setup, state, meter, 'completed'),
    },
    node,
    answer,
  );
}

/** The conversation moves along an edge (a transition the LLM called, or a scripted branch). */
function moveAlong(setup: ConversationSetup, state: ConversationState, edge: AgentEdge): void {
  state.transitions.push({ from: edge.source, to: edge.target, label: edge.data.label, at: clock(setup) });
  state.node_id = edge.target;
}

/**
 * The caller said nothing for the scripted node's `timeout_seconds` (a call measures it in media time): the
 * conversation takes that branch and the next node speaks. A node without a timeout branch changes nothing.
 */
export async function callerSilent(
  setup: ConversationSetup,
  previous: ConversationState,
): Promise<ConversationState> {
  if (previous.end_reason) throw new ConversationEndedError();
  const node = nodeById(setup.definition, previous.node_id);
  const branch = isScripted(node) ? timeoutBranch(setup.definition, node) : null;
  if (!branch) return previous;
  const state: ConversationState = structuredClone(previous);
  return guarded(setup, state, async (meter) => {
    state.script_disposition = edgeDisposition(branch.edge) ?? state.script_disposition;
    moveAlong(setup, state, branch.edge);
    await agentTurn(setup, state, meter, false);
  });
}

/** What an agent turn did before its last words: tool rounds and words said with transitions, tool calls run. */
interface TurnSoFar {
  rounds: ToolRound[];
  calls: { count: number };
}

/** How a turn's tool rounds run: the call's voice and clock, the preemptive decision. */
function roundSetup(setup: ConversationSetup, maxToolCalls: number): RoundSetup {
  const speech = setup.speech;
  return {
    tools: setup.tools!,
    maxToolCalls,
    ...(speech && {
      say: (line: string) => speech.onText(` ${line} `),
      after:
        setup.deadlineClock &&
        ((delayMs: number, fire: () => void) => setup.deadlineClock!.after(delayMs, fire)),
      decided: speech.decided,
      signal: speech.signal,
    }),
  };
}

/**
 * The LLM called end_call or transfer_call: the tool's line is the agent's last words; end_call ends the
 * conversation (`completed`, its reason kept as `gathered_context.end_call_reason`), transfer_call hands the call
 * over as a transfer node does (to the destination its run found, after the resolver's message or the tool's).
 */
async function endedByTool(
  setup: ConversationSetup,
  state: ConversationState,
  meter: TurnMeter,
  { end, call }: RoundEnd,
  extracted: () => Promise<void>,
  turn: TurnSoFar,
  model: string,
): Promise<void> {
  if (end.type === 'transfer_call') {
    const message = end.message?.trim() || DEFAULT_TRANSFER_MESSAGE;
    return handOver(setup, state, meter, { destination: end.destination, message }, extracted, turn);
  }
  if (typeof call.arguments.reason === 'string' && call.arguments.reason.trim())
    state.gathered.end_call_reason = call.arguments.reason.trim();
  const message = end.message?.trim();
  if (message) setup.speech?.onText(` ${message} `);
  await extracted();
  if (message || roundWords(turn.rounds)) speak(setup, state, message ?? '', meter, model, turn);
  return finish(setup, state, meter, 'completed');
}

/**
 * The call goes to a person: the transfer line is the agent's last turn (streamed to a voice call as it is, no LLM),
 * the destination is kept in the state, and the conversation ends `transferred`; the voice pipeline makes the move.
 */
async function handOver(
  setup: ConversationSetup,
  state: ConversationState,
  meter: TurnMeter,
  transfer: TransferTarget,
  extracted: () => Promise<void>,
  turn?: TurnSoFar,
): Promise<void> {
  setup.speech?.onTransfer?.();
  setup.speech?.onText(transfer.message);
  await extracted();
  speak(setup, state, transfer.message, meter, undefined, turn);
  state.transfer_to = transfer.destination;
  return finish(setup, state, meter, 'transferred');
}

/** The streaming, abort and deadline options of a spoken request (none for a text chat). */
const spoken = (setup: ConversationSetup) =>
  setup.speech
    ? { onText: setup.speech.onText, signal: setup.speech.signal, deadlineClock: setup.deadlineClock }
    : {};

/**
 * Records the agent's turn with its usage, the model that answered when the LLM wrote it, and what the turn did
 * before its last words (`turn`): the words said with transitions and tool calls begin its content, and its tool
 * rounds are kept for the next requests (tool-rounds.ts). The turn's tool calls are then settled (agent-tools.ts).
 */
function speak(
  setup: ConversationSetup,
  state: ConversationState,
  content: string,
  meter: TurnMeter,
  model?: string,
  turn?: TurnSoFar,
): void {
  const rounds = turn?.rounds ?? [];
  state.turns.push({
    role: 'agent',
    content: [roundWords(rounds), content].filter(Boolean).join(' '),
    node_id: state.node_id,
    at: clock(setup),
    usage: meter.take(),
    ...(model && { model }),
    ...(rounds.some((round) => round.calls.length > 0) && { tool_rounds: rounds }),
  });
  setup.tools?.turnRecorded();
}

async function extractFrom(
  setup: ConversationSetup,
  state: ConversationState,
  node: AgentNode,
  meter: TurnMeter,
): Promise<void> {
  const variables = node.data.extraction_variables ?? [];
  // A scripted node captures by pattern (script_capture) as it hears the answer; no LLM extracts.
  if (isScripted(node) || variables.length === 0 || state.extracted_nodes.includes(node.id)) return;
  const { values, usage } = await extractVariables(setup.llm, state, variables);
  meter.add(usage);
  Object.assign(state.gathered, values);
  state.extracted_nodes.push(node.id);
}

/** Captures the current node's variables, chooses the disposition and closes the conversation. */
async function finish(
  setup: ConversationSetup,
  state: ConversationState,
  meter: TurnMeter,
  reason: EndReason,
): Promise<void> {
  await extractFrom(setup, state, nodeById(setup.definition, state.node_id), meter);
  const optOut = state.opt_out_disposition;
  const scripted =
    state.script_disposition ??
    (scriptedOnly(setup.definition) ? defaultScriptDisposition(state.disposition_codes) : null);
  // The caller pressed the opt-out key: that is the disposition, whatever else was said. A scripted branch or
  // endCall (or a scripted-only agent's default) sets it without an LLM.
  const { disposition, usage } =
    state.opted_out_at && optOut
      ? { disposition: optOut, usage: null }
      : scripted
        ? { disposition: scripted, usage: null }
        : await classifyDisposition(setup.llm, state, state.disposition_codes, reason, optOut);
  meter.add(usage);
  // Tokens spent after the last spoken turn (extraction, disposition) stay in the conversation's total.
  meter.take();
  state.disposition = disposition;
  state.gathered.mapped_call_disposition = disposition;
  state.end_reason = reason;
  state.ended_at = clock(setup);
}
