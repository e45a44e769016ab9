import type { ChatMessage, LanguageModel, TokenUsage } from '../llm';
import type { Turn } from './conversation-state';

/**
 * The person on the other end of a simulated call, played by the LLM under its own system prompt. The persona comes
 * from the contact's CSV columns (the run's initial_context): a name column, persona-like columns (notes, persona,
 * personality, ...) and the remaining columns as facts the person knows about themselves. A contact with no name or
 * persona column gets a generic, cooperative callee.
 */

export interface CalleePersona {
  name: string | null;
  traits: string[];
  facts: Record<string, string>;
  generic: boolean;
}

export interface CalleeReply {
  /** What the callee says (null when they hang up without a word). */
  content: string | null;
  hangUp: boolean;
  usage: TokenUsage;
}

/** What the callee remembers of a conversation: who said what (a ConversationState is one). */
export interface CalleeMemory {
  turns: ReadonlyArray<Pick<Turn, 'role' | 'content'>>;
}

/** Keys the service adds to a campaign call's initial_context: about the call, not the person. */
const CALL_KEYS = new Set([
  'campaign_id',
  'caller_number',
  'called_number',
  'telephony_configuration_id',
  'attempt',
  'phone_number',
]);
const NAME_KEYS = ['persona_name', 'name', 'full_name', 'contact_name'];
const NAME_PARTS = new Set([...NAME_KEYS, 'first_name', 'last_name']);
const TRAIT_KEYS = new Set([
  'persona',
  'personality',
  'notes',
  'note',
  'description',
  'background',
  'bio',
  'profile',
  'mood',
  'attitude',
  'behavior',
  'behaviour',
  'character',
  'callee',
]);
const MAX_FACTS = 30;
const MAX_VALUE_LENGTH = 300;

const canonical = (key: string) =>
  key
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

const text = (value: unknown): string | null => {
  if (value === null || value === undefined || typeof value === 'object') return null;
  const s = String(value).trim();
  return s ? s.slice(0, MAX_VALUE_LENGTH) : null;
};

export const HANG_UP_TOOL = 'hang_up';

/** The persona of a call's callee from its initial_context. */
export function personaFrom(initialContext: Record<string, unknown> | null | undefined): CalleePersona {
  const columns = new Map<string, string>();
  for (const [key, value] of Object.entries(initialContext ?? {})) {
    const cell = text(value);
    if (cell && !CALL_KEYS.has(canonical(key))) columns.set(canonical(key), cell);
  }
  const first = columns.get('first_name');
  const last = columns.get('last_name');
  const name =
    NAME_KEYS.map((key) => columns.get(key)).find((value) => value !== undefined) ??
    ([first, last].filter(Boolean).join(' ') || null);
  const traits: string[] = [];
  const facts: Record<string, string> = {};
  for (const [key, value] of columns) {
    if (TRAIT_KEYS.has(key) || (key.startsWith('persona_') && key !== 'persona_name')) traits.push(value);
    else if (!NAME_PARTS.has(key) && Object.keys(facts).length < MAX_FACTS) facts[key] = value;
  }
  return { name, traits, facts, generic: name === null && traits.length === 0 };
}

/** The callee's system prompt: who they are, what they know, how to speak and how to hang up. */
export function calleeSystemPrompt(persona: CalleePersona): string {
  const parts = [
    'You are role-playing the person who has just answered a phone call, in a simulation that tests a voice ' +
      'agent. The other side is the caller; you did not place this call.',
    persona.name
      ? `You are ${persona.name}.`
      : 'You are a member of the public; the caller may not know your name.',
  ];
  if (persona.traits.length > 0) parts.push(`About you: ${persona.traits.join(' ')}`);
  parts.push(
    persona.generic
      ? 'You are polite and cooperative: you listen, answer questions briefly and truthfully, and agree to ' +
          'reasonable requests.'
      : 'Unless the description above says otherwise, you are polite and answer questions briefly.',
  );
  const facts = Object.entries(persona.facts);
  if (facts.length > 0)
    parts.push(
      `What you know about yourself:\n${facts.map(([key, value]) => `- ${key}: ${value}`).join('\n')}`,
    );
  parts.push(
    'Reply only with the words you say next: one or two short sentences, no stage directions. When the caller ' +
      `says goodbye, or you want to end the call, call the ${HANG_UP_TOOL} function (you may say a last word with it).`,
  );
  return parts.join('\n\n');
}

/** The conversation from the callee's side: the agent's turns are what they hear, their own turns are theirs. */
function calleeMessages(persona: CalleePersona, state: CalleeMemory): ChatMessage[] {
  return [
    { role: 'system', content: calleeSystemPrompt(persona) },
    ...state.turns.map((turn) => ({
      role: turn.role === 'agent' ? ('user' as const) : ('assistant' as const),
      content: turn.content,
    })),
  ];
}

/** The callee's next turn; an LLM failure is thrown as the model's LlmUnavailableError. */
export async function calleeReply(
  llm: LanguageModel,
  persona: CalleePersona,
  state: CalleeMemory,
): Promise<CalleeReply> {
  const result = await llm.chat({
    messages: calleeMessages(persona, state),
    tools: [
      {
        name: HANG_UP_TOOL,
        description:
          'Hang up: the conversation is over (the caller said goodbye) or you do not want to go on.',
        parameters: { type: 'object', properties: {}, additionalProperties: false },
      },
    ],
    temperature: 0.7,
  });
  const content = result.content?.trim() || null;
  const hangUp = result.toolCalls.some((call) => call.name === HANG_UP_TOOL);
  return { content: hangUp ? content : (content ?? '…'), hangUp, usage: result.usage };
}
