/**
 * A conversation as the run page draws it, read from either source of turns: the stored transcript of a finished
 * run (conversation/run-finalisation.ts `transcriptDocument`: turns with `node_name`, transitions, end reason) or
 * the live state of a run in progress (`logs.conversation`: the same turns without node names). Both are read
 * defensively: a field of the wrong shape is left out, never a broken page. An agent turn that called tools
 * (`tool_rounds`, docs/agents.md "Tools in a conversation") is drawn as it happened: the words said alongside each
 * round, its calls with their results, then the turn's last words.
 */

export type ConversationEntry =
  | {
      kind: 'turn';
      role: 'agent' | 'caller';
      content: string;
      at: string | null;
      interrupted: boolean;
    }
  | {
      kind: 'tool';
      name: string;
      arguments: unknown;
      ok: boolean;
      result: string;
    }
  | {
      kind: 'node';
      /** The node the conversation is in from here on. */
      node: string;
      /** The transition's label that led here; null for the first node or when no transition was recorded. */
      via: string | null;
    };

export interface Conversation {
  entries: ConversationEntry[];
  endReason: string | null;
}

interface RawTurn {
  role: 'agent' | 'user';
  content: string;
  node_id: string;
  node_name?: string;
  at?: string;
  interrupted?: boolean;
  tool_rounds?: unknown;
}

interface RawRound {
  said: string;
  calls: Array<{ name: string; arguments: unknown; ok: boolean; result: string }>;
}

interface RawTransition {
  from: string;
  to: string;
  label: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function turnsOf(source: Record<string, unknown>): RawTurn[] {
  if (!Array.isArray(source.turns)) return [];
  return source.turns.filter(
    (turn): turn is RawTurn =>
      isObject(turn) &&
      (turn.role === 'agent' || turn.role === 'user') &&
      typeof turn.content === 'string' &&
      typeof turn.node_id === 'string',
  );
}

/** A turn's tool rounds, each call kept only when it has a name, an outcome and a result. */
function roundsOf(turn: RawTurn): RawRound[] {
  if (!Array.isArray(turn.tool_rounds)) return [];
  return turn.tool_rounds.filter(isObject).map((round) => ({
    said: typeof round.said === 'string' ? round.said : '',
    calls: (Array.isArray(round.calls) ? round.calls : []).filter(
      (call): call is RawRound['calls'][number] =>
        isObject(call) &&
        typeof call.name === 'string' &&
        typeof call.ok === 'boolean' &&
        typeof call.result === 'string',
    ),
  }));
}

/**
 * A turn's entries: one bubble, or for an agent turn with tool rounds, each round's words and calls and then the
 * turn's last words (the content begins with the rounds' words, joined by spaces, as the engine keeps them). The
 * time goes on the turn's first bubble, the interruption on its last.
 */
function turnEntries(turn: RawTurn): ConversationEntry[] {
  const at = typeof turn.at === 'string' ? turn.at : null;
  const interrupted = turn.interrupted === true;
  const role = turn.role === 'agent' ? 'agent' : 'caller';
  const rounds = turn.role === 'agent' ? roundsOf(turn) : [];
  if (rounds.every((round) => round.calls.length === 0))
    return [{ kind: 'turn', role, content: turn.content, at, interrupted }];
  const before = rounds
    .map((round) => round.said)
    .filter(Boolean)
    .join(' ');
  const split = turn.content.startsWith(before);
  const entries: ConversationEntry[] = [];
  for (const round of rounds) {
    if (split && round.said)
      entries.push({ kind: 'turn', role, content: round.said, at: null, interrupted: false });
    for (const call of round.calls)
      entries.push({
        kind: 'tool',
        name: call.name,
        arguments: call.arguments,
        ok: call.ok,
        result: call.result,
      });
  }
  const last = split ? turn.content.slice(before.length).trim() : turn.content;
  if (last) entries.push({ kind: 'turn', role, content: last, at: null, interrupted });
  const bubbles = entries.filter((entry) => entry.kind === 'turn');
  if (bubbles[0]) bubbles[0].at = at;
  if (bubbles.length > 0) bubbles[bubbles.length - 1]!.interrupted = interrupted;
  return entries;
}

function transitionsOf(source: Record<string, unknown>): RawTransition[] {
  if (!Array.isArray(source.transitions)) return [];
  return source.transitions.filter(
    (item): item is RawTransition =>
      isObject(item) &&
      typeof item.from === 'string' &&
      typeof item.to === 'string' &&
      typeof item.label === 'string',
  );
}

/**
 * The conversation of a stored transcript or a live conversation state: its turns in order, with a node marker
 * wherever the conversation moved to another node (labelled with the transition taken), and why it ended.
 * Null when the source holds no conversation at all.
 */
export function conversationOf(source: unknown): Conversation | null {
  if (!isObject(source) || !Array.isArray(source.turns)) return null;
  const transitions = transitionsOf(source);
  const entries: ConversationEntry[] = [];
  let currentNode: string | null = null;
  for (const turn of turnsOf(source)) {
    if (turn.node_id !== currentNode) {
      const taken =
        currentNode === null
          ? undefined
          : transitions.find((t) => t.from === currentNode && t.to === turn.node_id);
      entries.push({ kind: 'node', node: turn.node_name ?? turn.node_id, via: taken?.label ?? null });
      currentNode = turn.node_id;
    }
    entries.push(...turnEntries(turn));
  }
  return { entries, endReason: typeof source.end_reason === 'string' ? source.end_reason : null };
}

/** The live conversation a run in progress keeps in its logs (`logs.conversation`), if any. */
export const liveConversationOf = (logs: Record<string, unknown>): unknown =>
  isObject(logs.conversation) ? logs.conversation : null;
