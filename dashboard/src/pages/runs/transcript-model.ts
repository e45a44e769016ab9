/**
 * A conversation as the run page draws it, read from either source of turns: the stored transcript of a finished
 * run (conversation/run-finalisation.ts `transcriptDocument`: turns with `node_name`, transitions, end reason) or
 * the live state of a run in progress (`logs.conversation`: the same turns without node names). Both are read
 * defensively: a field of the wrong shape is left out, never a broken page.
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
    entries.push({
      kind: 'turn',
      role: turn.role === 'agent' ? 'agent' : 'caller',
      content: turn.content,
      at: typeof turn.at === 'string' ? turn.at : null,
      interrupted: turn.interrupted === true,
    });
  }
  return { entries, endReason: typeof source.end_reason === 'string' ? source.end_reason : null };
}

/** The live conversation a run in progress keeps in its logs (`logs.conversation`), if any. */
export const liveConversationOf = (logs: Record<string, unknown>): unknown =>
  isObject(logs.conversation) ? logs.conversation : null;
