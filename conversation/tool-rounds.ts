/**
 * Tool calls inside an agent turn (a node's tools, agent-tools.ts): the LLM's response that called tools is a round;
 * its calls run in order (parallel calls of one response included), each result goes back to the LLM as a `tool`
 * message, and the LLM is asked again until it answers in words. The words said alongside a round are spoken (they
 * streamed) and kept: the turn's content begins with them, and the history the next request sees replays each round
 * (its words and calls, then the results) before the turn's last words.
 * - At most `maxToolCalls` calls run per turn; calls past it, and calls of tools the node does not offer, are
 *   answered with an error result (the LLM must get an answer for every call), and once the cap is reached no tool
 *   is offered until the turn is over.
 * - On a call, a run slower than `WAIT_MESSAGE_AFTER_MS` has its wait message (or a short filler) said meanwhile.
 * - A reply requested ahead of the end of the caller's turn (voice/preemptive-reply.ts) runs no tool until the turn
 *   is decided (`speech.decided`).
 * - Every call and result is kept in `gathered_context.tool_calls` too (the result cut to `GATHERED_RESULT_CHARS`).
 */
import { isTransferDestination } from '../agents/transfer';
import type { ChatMessage, ToolCall } from '../llm';
import type { AgentTool, ToolOutcome, ToolRunner } from './agent-tools';
import type { ConversationState, ToolCallRecord, ToolRound, Turn } from './conversation-state';

export { DEFAULT_MAX_TOOL_CALLS_PER_TURN } from '../agents/settings';
export const WAIT_MESSAGE_AFTER_MS = 1000;
export const DEFAULT_WAIT_MESSAGE = 'One moment, please.';
const GATHERED_RESULT_CHARS = 2000;
const NOT_A_DESTINATION = 'Not transferred: the destination is not a phone number or SIP address.';

/** A round as request messages: the assistant's words and calls, then one result per call. */
export function roundMessages(rounds: readonly ToolRound[]): ChatMessage[] {
  return rounds.flatMap((round): ChatMessage[] =>
    round.calls.length === 0
      ? round.said
        ? [{ role: 'assistant', content: round.said }]
        : []
      : [
          {
            role: 'assistant',
            content: round.said,
            toolCalls: round.calls.map((call) => ({
              id: call.id,
              name: call.name,
              arguments: call.arguments,
            })),
          },
          ...round.calls.map((call): ChatMessage => ({
            role: 'tool',
            toolCallId: call.id,
            content: call.result,
          })),
        ],
  );
}

/** The words of rounds, as they begin the turn's content. */
export const roundWords = (rounds: readonly ToolRound[]) =>
  rounds
    .map((round) => round.said)
    .filter(Boolean)
    .join(' ');

/** An agent turn as request messages: its rounds (if any), then its last words. */
export function agentTurnMessages(turn: Turn): ChatMessage[] {
  if (!turn.tool_rounds?.length) return [{ role: 'assistant', content: turn.content }];
  const before = roundWords(turn.tool_rounds);
  const last = turn.content.startsWith(before) ? turn.content.slice(before.length).trim() : turn.content;
  return [
    ...roundMessages(turn.tool_rounds),
    ...(last ? [{ role: 'assistant' as const, content: last }] : []),
  ];
}

export interface RoundSetup {
  tools: ToolRunner;
  /** Resolves once the turn's variable extractions are over: a transfer's destination may read them. */
  settled?: () => Promise<void>;
  maxToolCalls: number;
  /** Calls only: speaks a line now (a wait message), as part of the turn's reply. */
  say?: (line: string) => void;
  /** Runs `fire` after `delayMs` (a call's media clock); absent: wall time. */
  after?: (delayMs: number, fire: () => void) => () => void;
  /** A preemptive reply's decision: no tool runs before it. */
  decided?: Promise<void>;
  signal?: AbortSignal;
}

/** What ends the turn (end_call, or transfer_call with its destination found), and the LLM's call of it. */
export interface RoundEnd {
  end:
    | { type: 'end_call'; message: string | null }
    | { type: 'transfer_call'; destination: string; message: string | null };
  call: ToolCall;
}

/**
 * Runs one response's tool calls in order into `round`; `made` counts the turn's calls so far. Resolves with the
 * tool that ends the turn (end_call, transfer_call), if one was called; the calls after it are not run.
 */
export async function runRound(
  setup: RoundSetup,
  state: ConversationState,
  offered: readonly AgentTool[],
  calls: readonly ToolCall[],
  round: ToolRound,
  made: { count: number },
): Promise<RoundEnd | null> {
  await setup.decided;
  for (const call of calls) {
    const tool = offered.find((candidate) => candidate.spec.name === call.name);
    if (!tool || made.count >= setup.maxToolCalls) {
      const why = tool
        ? `Not run: at most ${setup.maxToolCalls} tool calls per turn. Answer the caller now.`
        : `Not run: there is no tool named ${call.name} here.`;
      record(state, round, call, tool, { ok: false, content: why });
      continue;
    }
    made.count += 1;
    const { action } = tool;
    if (action.type === 'end_call') {
      record(state, round, call, tool, { ok: true, content: 'Ending the call.' });
      return { end: action, call };
    }
    if (action.type === 'transfer_call') {
      // The destination may read what the conversation gathered: the extractions under way finish first.
      await setup.settled?.();
      const outcome = await runWithWaitMessage(setup, state, tool, call, round);
      const transfer = outcome.ok ? outcome.transfer : undefined;
      // Whatever found it, the destination must be a phone number or a SIP address (agents/transfer.ts).
      if (!transfer || !isTransferDestination(transfer.destination)) {
        record(state, round, call, tool, outcome.ok ? { ok: false, content: NOT_A_DESTINATION } : outcome);
        continue;
      }
      record(state, round, call, tool, { ok: true, content: 'Transferring the call.' });
      return {
        end: {
          type: 'transfer_call',
          destination: transfer.destination,
          message: transfer.message ?? action.message,
        },
        call,
      };
    }
    record(state, round, call, tool, await runWithWaitMessage(setup, state, tool, call, round));
  }
  return null;
}

async function runWithWaitMessage(
  setup: RoundSetup,
  state: ConversationState,
  tool: AgentTool,
  call: ToolCall,
  round: ToolRound,
): Promise<ToolOutcome> {
  const outcome = setup.tools.run(tool, call.arguments, {
    variables: state.variables,
    gathered: structuredClone(state.gathered),
  });
  let stopWaiting = () => {};
  if (setup.say && tool.action.type !== 'end_call') {
    const line = tool.action.waitMessage?.trim() || DEFAULT_WAIT_MESSAGE;
    const sayIt = () => {
      setup.say!(line);
      round.said = [round.said, line].filter(Boolean).join(' ');
    };
    if (setup.after) stopWaiting = setup.after(WAIT_MESSAGE_AFTER_MS, sayIt);
    else {
      const timer = setTimeout(sayIt, WAIT_MESSAGE_AFTER_MS);
      stopWaiting = () => clearTimeout(timer);
    }
  }
  try {
    return await untilAborted(outcome, setup.signal);
  } finally {
    stopWaiting();
  }
}

/** The outcome, unless the turn is aborted first (the run goes on: the next turn may use it, agent-tools.ts). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}

function record(
  state: ConversationState,
  round: ToolRound,
  call: ToolCall,
  tool: AgentTool | undefined,
  outcome: ToolOutcome,
): void {
  const entry: ToolCallRecord = {
    id: call.id,
    name: call.name,
    tool_uuid: tool?.uuid ?? null,
    arguments: call.arguments,
    ok: outcome.ok,
    result: outcome.content,
  };
  round.calls.push(entry);
  const gathered = Array.isArray(state.gathered.tool_calls) ? (state.gathered.tool_calls as unknown[]) : [];
  state.gathered.tool_calls = [
    ...gathered,
    {
      name: entry.name,
      tool_uuid: entry.tool_uuid,
      arguments: entry.arguments,
      ok: entry.ok,
      result: entry.result.slice(0, GATHERED_RESULT_CHARS),
    },
  ];
}
