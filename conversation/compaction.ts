/**
 * Context compaction (Dograh's `context_compaction_enabled`, off by default): on a long conversation the LLM sees the
 * earlier turns as one summary, not turn by turn, so the prompt stops growing. The transcript itself stays whole; only
 * what the reply requests read changes (node-prompts.ts `historyMessages`).
 * - When: at the start of an agent turn once more than `MAX_UNSUMMARIZED_TURNS` turns follow the summary, and, as
 *   Dograh does, when a transition is taken with more than `TRANSITION_MIN_TURNS` of them (the next step starts from
 *   the summary). Every turn but the last few (`KEEP_RECENT_TURNS`, 2 on a transition) is folded in, with the
 *   summary before it.
 * - How: one LLM request beside the turn's reply (conversation/engine.ts awaits it with the node's extraction, before
 *   the turn is recorded), so no reply waits for it. A failed summary leaves the history as it was; the next turn
 *   tries again.
 */
import type { ChatMessage, LanguageModel, TokenUsage } from '../llm';
import type { Compaction, ConversationState, Turn } from './conversation-state';

export type { Compaction } from './conversation-state';
import { agentTurnMessages } from './tool-rounds';

export const MAX_UNSUMMARIZED_TURNS = 20;
export const KEEP_RECENT_TURNS = 4;
export const TRANSITION_MIN_TURNS = 6;
const TRANSITION_KEEP_TURNS = 2;

const SUMMARY_PROMPT =
  'Summarize this conversation between an agent and a caller for the agent, who will continue it. Keep every fact ' +
  'the caller gave (names, numbers, dates, choices), what was agreed or promised, and open questions. Write it as ' +
  'short plain sentences, no more than 150 words.';

/** How many turns to fold into the summary now, or null when none should be. */
export function turnsToSummarize(state: ConversationState, after: 'turn' | 'transition'): number | null {
  if (!state.compaction) return null;
  const unsummarized = state.turns.length - state.compaction.summarized_turns;
  const [threshold, keep] =
    after === 'turn'
      ? [MAX_UNSUMMARIZED_TURNS, KEEP_RECENT_TURNS]
      : [TRANSITION_MIN_TURNS, TRANSITION_KEEP_TURNS];
  return unsummarized > threshold ? state.turns.length - keep : null;
}

const line = (turn: Turn) => `${turn.role === 'agent' ? 'Agent' : 'Caller'}: ${turn.content}`;

/** The summary of the conversation's first `upTo` turns, built on the summary before it. */
export async function summarize(
  llm: LanguageModel,
  state: ConversationState,
  upTo: number,
  signal?: AbortSignal,
): Promise<{ compaction: Compaction; usage: TokenUsage }> {
  const previous = state.compaction?.summary;
  const from = state.compaction?.summarized_turns ?? 0;
  const text = [
    ...(previous ? [`Summary of the conversation before:\n${previous}`, ''] : []),
    ...state.turns.slice(from, upTo).map(line),
  ].join('\n');
  const result = await llm.chat({
    messages: [
      { role: 'system', content: SUMMARY_PROMPT },
      { role: 'user', content: text },
    ],
    temperature: 0,
    ...(signal ? { signal } : {}),
  });
  const summary = result.content?.trim();
  if (!summary) throw new Error('The LLM returned an empty summary.');
  return { compaction: { summary, summarized_turns: upTo }, usage: result.usage };
}

/** The conversation as the LLM sees it: the summary of the earlier turns, if any, then the turns after it. */
export function compactedHistory(state: ConversationState): ChatMessage[] {
  const { summary, summarized_turns: summarized } = state.compaction ?? {
    summary: null,
    summarized_turns: 0,
  };
  const turns = state.turns
    .slice(summary ? summarized : 0)
    .flatMap((turn): ChatMessage[] =>
      turn.role === 'agent' ? agentTurnMessages(turn) : [{ role: 'user', content: turn.content }],
    );
  return summary
    ? [{ role: 'user', content: `(Summary of the conversation so far: ${summary})` }, ...turns]
    : turns;
}

/**
 * Compaction, when due: the summary is asked for beside the turn's next request and applied once it comes (the engine
 * awaits the returned promise before the turn is recorded). A failed summary changes nothing (the next turn tries
 * again), and a turn cut short (barge-in, `signal`) drops it with the rest of the turn. Null when none is due.
 */
export function compactBeside(
  llm: LanguageModel,
  state: ConversationState,
  after: 'turn' | 'transition',
  addUsage: (usage: TokenUsage) => void,
  signal?: AbortSignal,
): Promise<void> | null {
  const upTo = turnsToSummarize(state, after);
  if (upTo === null) return null;
  return summarize(llm, state, upTo, signal).then(
    ({ compaction, usage }) => {
      addUsage(usage);
      state.compaction = compaction;
    },
    () => {},
  );
}
