/**
 * The tools a node's LLM may call besides its transitions (a node's `tool_uuids`; the tools API, tools/), as the
 * engine sees them: the function the LLM is offered, and what calling it does — end the call, transfer it, or run
 * (an HTTP request, a calculation, an MCP server's tool) and hand the result back to the LLM. Where the tools come
 * from and how they run is the caller's (`AgentToolbox`); `ToolRunner` adds what every call needs:
 * - an `Idempotency-Key` per call, the same for the same tool and arguments until a turn is recorded;
 * - no second request across a barge-in: a turn cut short leaves its calls' results (or requests in flight) for the
 *   turn that follows, which reuses them when it makes the same call; a recorded turn clears them.
 */
import { createHash } from 'node:crypto';
import type { AgentNode } from '../agents/definition';
import type { ToolSpec } from '../llm';

export interface AgentTool {
  /** The stored tool's uuid. */
  uuid: string;
  /** The function the LLM sees. */
  spec: ToolSpec;
  /**
   * `run` and `transfer_call` run through the toolbox (a transfer's run finds its destination); `waitMessage` is said
   * when the run takes longer than about 1 s (calls only).
   */
  action:
    | { type: 'end_call'; message: string | null }
    | { type: 'transfer_call'; message: string | null; waitMessage: string | null }
    | { type: 'run'; waitMessage: string | null };
}

/** A run's result for the LLM: `ok` false for a failure, a timeout or an error status (the conversation goes on). */
export interface ToolOutcome {
  ok: boolean;
  content: string;
  /** A `transfer_call` tool's run that found its destination; `message`, when set, replaces the tool's own. */
  transfer?: { destination: string; message: string | null };
}

export interface ToolRunContext {
  /** The call's variables (agent defaults and initial context). */
  variables: Record<string, unknown>;
  /** What the conversation gathered so far (`gathered_context`). */
  gathered: Record<string, unknown>;
  idempotencyKey: string;
}

export interface AgentToolbox {
  /** The tools the node offers (its `tool_uuids` that exist and are active). */
  forNode(node: AgentNode): AgentTool[];
  /**
   * Runs a `run` tool, or finds a `transfer_call` tool's destination; a remote failure is an outcome with `ok: false`,
   * never a rejection (an abort may reject).
   */
  run(tool: AgentTool, args: Record<string, unknown>, context: ToolRunContext): Promise<ToolOutcome>;
}

/** Canonical JSON: the same arguments in any key order give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export class ToolRunner {
  /** Calls of turns not recorded yet, by tool and arguments. */
  private readonly pending = new Map<string, Promise<ToolOutcome>>();
  private generation = 0;

  constructor(
    readonly toolbox: AgentToolbox,
    /** Names the conversation in idempotency keys (the run). */
    private readonly conversationKey: string,
  ) {}

  forNode(node: AgentNode): AgentTool[] {
    return this.toolbox.forNode(node);
  }

  /** The call's outcome; the same promise for the same call until a turn is recorded (never rejects). */
  run(
    tool: AgentTool,
    args: Record<string, unknown>,
    values: Pick<ToolRunContext, 'variables' | 'gathered'>,
  ): Promise<ToolOutcome> {
    const call = `${tool.uuid}:${tool.spec.name}:${canonical(args)}`;
    const known = this.pending.get(call);
    if (known) return known;
    const idempotencyKey = createHash('sha256')
      .update(`${this.conversationKey}|${this.generation}|${call}`)
      .digest('hex')
      .slice(0, 32);
    // Not aborted with the turn: a request already sent finishes, and the next turn may use its result.
    const outcome = this.toolbox
      .run(tool, args, { ...values, idempotencyKey })
      .catch((error: unknown): ToolOutcome => ({
        ok: false,
        content: `The tool failed: ${error instanceof Error ? error.message : String(error)}`,
      }));
    this.pending.set(call, outcome);
    return outcome;
  }

  /** A turn was recorded: later calls are new requests, with new idempotency keys. */
  turnRecorded(): void {
    this.pending.clear();
    this.generation += 1;
  }
}
