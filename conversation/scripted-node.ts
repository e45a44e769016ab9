/**
 * Scripted nodes (docs/agents.md, "Scripted nodes"): a node with `scripted: true` says its fixed `script_line` instead
 * of asking the LLM, then branches on the caller's answer along its edges' `dtmf`, `keywords`, `timeout_seconds` and
 * `is_default` keys, capturing `script_capture` values. The engine (engine.ts) records what these decide. Pure.
 */
import type { AgentDefinition, AgentEdge, AgentNode } from '../agents/definition';
import { LlmUnavailableError, type LanguageModel } from '../llm';
import type { ConversationState } from './conversation-state';
import { captured, pressedKeys, normalisedWords, saysKeyword, type CapturePattern } from './script-answers';
import { fillTemplate } from './template-variables';

/** The model of a scripted-only agent's conversation when no LLM is configured: asking it is an LLM failure. */
export const NO_LLM: LanguageModel = {
  model: 'none',
  chat: () => Promise.reject(new LlmUnavailableError('No LLM is configured; only scripted nodes can talk.')),
};

/** Said after an answer that matches no branch when the node has no `script_reprompt`, before its line again. */
export const DEFAULT_REPROMPT_PREFIX = 'Sorry, I did not catch that.';

/** The disposition of a scripted-only agent's conversation when no branch or endCall set one and it has no codes. */
export const DEFAULT_SCRIPT_DISPOSITION = 'completed';

interface ScriptData {
  scripted?: unknown;
  script_line?: unknown;
  script_reprompt?: unknown;
  script_capture?: unknown;
  script_disposition?: unknown;
}

interface BranchData {
  dtmf?: unknown;
  keywords?: unknown;
  timeout_seconds?: unknown;
  is_default?: unknown;
  disposition?: unknown;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const dataOf = (node: AgentNode) => node.data as ScriptData;
const branchOf = (edge: AgentEdge) => edge.data as BranchData;

/** Does this node say fixed lines instead of asking the LLM? */
export const isScripted = (node: AgentNode): boolean => dataOf(node).scripted === true;

/** An agent whose every startCall, agentNode and endCall is scripted: its conversations need no LLM. */
export const scriptedOnly = (definition: AgentDefinition): boolean =>
  definition.nodes.some((node) => node.type === 'startCall') &&
  definition.nodes.every((node) => node.type === 'globalNode' || isScripted(node));

/** The node's line with the call's variables filled; empty when it has none (an endCall may end in silence). */
export const scriptLine = (node: AgentNode, variables: Record<string, unknown>): string =>
  fillTemplate(text(dataOf(node).script_line) ?? '', variables).trim();

/** What the node says after an answer that matches no branch: `script_reprompt`, else an apology and its line. */
export function repromptLine(node: AgentNode, variables: Record<string, unknown>): string {
  const reprompt = text(dataOf(node).script_reprompt);
  if (reprompt) return fillTemplate(reprompt, variables).trim();
  return `${DEFAULT_REPROMPT_PREFIX} ${scriptLine(node, variables)}`.trim();
}

/** The endCall's `script_disposition`, or the edge's `disposition`, when set. */
export const nodeDisposition = (node: AgentNode): string | null => text(dataOf(node).script_disposition);
export const edgeDisposition = (edge: AgentEdge): string | null => text(branchOf(edge).disposition);

/** The disposition a scripted-only conversation ends with when nothing set one: the agent's first code. */
export const defaultScriptDisposition = (codes: string[]): string => codes[0] ?? DEFAULT_SCRIPT_DISPOSITION;

const keywordsOf = (edge: AgentEdge): string[] => {
  const keywords = branchOf(edge).keywords;
  return Array.isArray(keywords) ? keywords.filter((k): k is string => typeof k === 'string') : [];
};
const dtmfOf = (edge: AgentEdge): string | null => {
  const dtmf = branchOf(edge).dtmf;
  return typeof dtmf === 'number' ? String(dtmf) : text(dtmf);
};
const timeoutOf = (edge: AgentEdge): number | null => {
  const seconds = branchOf(edge).timeout_seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
};
const isDefault = (edge: AgentEdge) => branchOf(edge).is_default === true;
const isPlain = (edge: AgentEdge) =>
  !dtmfOf(edge) && keywordsOf(edge).length === 0 && timeoutOf(edge) === null && !isDefault(edge);

const edgesFrom = (definition: AgentDefinition, node: AgentNode) =>
  definition.edges.filter((edge) => edge.source === node.id);

/** A node whose only way on is one edge with no branch keys moves on right after its line, without waiting. */
export function straightOn(definition: AgentDefinition, node: AgentNode): AgentEdge | null {
  const edges = edgesFrom(definition, node);
  return edges.length === 1 && isPlain(edges[0]!) ? edges[0]! : null;
}

/** The node's timeout branch: the edge with the shortest `timeout_seconds`. */
export function timeoutBranch(
  definition: AgentDefinition,
  node: AgentNode,
): { edge: AgentEdge; seconds: number } | null {
  let best: { edge: AgentEdge; seconds: number } | null = null;
  for (const edge of edgesFrom(definition, node)) {
    const seconds = timeoutOf(edge);
    if (seconds !== null && (!best || seconds < best.seconds)) best = { edge, seconds };
  }
  return best;
}

/** The seconds of silence after which a call takes the current scripted node's timeout branch; null: none. */
export function silenceBranchSeconds(
  definition: AgentDefinition,
  state: { node_id: string; end_reason: string | null },
): number | null {
  const node = definition.nodes.find((candidate) => candidate.id === state.node_id);
  if (state.end_reason || !node || !isScripted(node)) return null;
  return timeoutBranch(definition, node)?.seconds ?? null;
}

/**
 * The branch an answer takes: the edge whose `dtmf` equals the keys pressed, else the first edge (in the definition's
 * order) with a keyword the answer says, else the `is_default` edge; null: no branch (the node re-prompts).
 */
export function branchFor(definition: AgentDefinition, node: AgentNode, answer: string): AgentEdge | null {
  const edges = edgesFrom(definition, node);
  const keys = pressedKeys(answer);
  const pressed = keys && edges.find((edge) => dtmfOf(edge) === keys);
  if (pressed) return pressed;
  const words = normalisedWords(answer);
  return (
    edges.find((edge) => keywordsOf(edge).some((keyword) => saysKeyword(words, keyword))) ??
    edges.find(isDefault) ??
    null
  );
}

/** The node's `script_capture` values found in an answer, by name (values not found are left out). */
export function capturedValues(node: AgentNode, answer: string, now: string): Record<string, unknown> {
  const rows = dataOf(node).script_capture;
  const values: Record<string, unknown> = {};
  if (!Array.isArray(rows)) return values;
  for (const row of rows as Array<{ name?: unknown; pattern?: unknown }>) {
    const name = text(row?.name);
    if (!name || !['digits', 'date', 'yes_no'].includes(row.pattern as string)) continue;
    const value = captured(row.pattern as CapturePattern, answer, now);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** The caller's answer to the scripted node the conversation waits at: their last turn, when it is theirs. */
export function answerAt(state: ConversationState, node: AgentNode): string | null {
  const last = state.turns.at(-1);
  return last?.role === 'user' && last.node_id === node.id ? last.content : null;
}

/** What a scripted step needs of the engine: its conversation, and how it speaks and ends (engine.ts). */
export interface ScriptedTurn {
  definition: AgentDefinition;
  state: ConversationState;
  /** The conversation's clock (ISO), for dates captured as `today` or `tomorrow`. */
  now: string;
  /** Says a line and records it as the agent's turn (with words said on the way to it). */
  say(line: string): Promise<void>;
  /** Says a line on the way to the next step: it begins that step's turn. */
  sayOnTheWay(line: string): void;
  /** Ends the conversation `completed` (its disposition chosen as docs/agents.md says). */
  end(): Promise<void>;
}

/**
 * A scripted node's part of a turn, no LLM asked. Arriving (no answer): say its line, and go on at once along a lone
 * plain edge, else wait. Answered: capture its values and take the branch the answer picks, or say the re-prompt and
 * wait again. An endCall says its line and ends the conversation. Resolves with the edge to take, if any.
 */
export async function stepScripted(
  turn: ScriptedTurn,
  node: AgentNode,
  answer: string | null,
): Promise<AgentEdge | null> {
  const { definition, state } = turn;
  if (answer === null) {
    const line = scriptLine(node, state.variables);
    if (node.type === 'endCall') {
      state.script_disposition = nodeDisposition(node) ?? state.script_disposition;
      await turn.say(line);
      await turn.end();
      return null;
    }
    const onward = straightOn(definition, node);
    if (!onward) {
      await turn.say(line);
      return null;
    }
    if (line) turn.sayOnTheWay(line);
    return onward;
  }
  Object.assign(state.gathered, capturedValues(node, answer, turn.now));
  const branch = branchFor(definition, node, answer);
  if (!branch) {
    await turn.say(repromptLine(node, state.variables));
    return null;
  }
  state.script_disposition = edgeDisposition(branch) ?? state.script_disposition;
  return branch;
}
