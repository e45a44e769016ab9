import type { AgentDefinition, AgentEdge, AgentNode } from '../agents/definition';
import type { ChatMessage, ToolSpec } from '../llm';
import { compactedHistory } from './compaction';
import type { ConversationState } from './conversation-state';
import { fillTemplate } from './template-variables';

/** What the LLM sees at one node: the global and node prompts, the conversation so far, and the transitions. */

const SPEAKING_RULES =
  'You are the agent in a live conversation. Reply only with what you say next: one or two short sentences, ' +
  'no stage directions. When the condition of one of the functions is met, call that function instead of ' +
  'replying; the conversation then moves to the next step.';

export function globalNodeOf(definition: AgentDefinition): AgentNode | undefined {
  return definition.nodes.find((node) => node.type === 'globalNode');
}

/** The system message of a node: global rules, then the step's own instructions. */
export function systemPrompt(
  definition: AgentDefinition,
  node: AgentNode,
  variables: Record<string, unknown>,
  closing = false,
): string {
  const parts: string[] = [];
  // Dograh's `add_global_prompt`: a node may leave the global prompt out (absent: it is added).
  const leftOut = (node.data as Record<string, unknown>).add_global_prompt === false;
  const global = leftOut ? undefined : globalNodeOf(definition)?.data.prompt;
  if (global) parts.push(fillTemplate(global, variables));
  parts.push(`Current step: ${node.data.name}`);
  if (node.data.prompt) parts.push(fillTemplate(node.data.prompt, variables));
  parts.push(
    closing
      ? 'Say your closing words now in one or two short sentences; the conversation ends after them.'
      : SPEAKING_RULES,
  );
  return parts.join('\n\n');
}

/** The conversation so far as chat messages (the agent is the assistant), earlier turns summarised when compacted. */
export function historyMessages(state: ConversationState): ChatMessage[] {
  return compactedHistory(state);
}

/** The conversation as plain text, for extraction and disposition prompts. */
export function transcriptText(state: ConversationState): string {
  return state.turns
    .map((turn) => `${turn.role === 'agent' ? 'Agent' : 'Caller'}: ${turn.content}`)
    .join('\n');
}

const toolName = (label: string) =>
  label
    .trim()
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 56) || 'transition';

/** One function per outgoing edge, named after its label (made safe and unique), described by its condition. */
export function transitionTools(
  definition: AgentDefinition,
  node: AgentNode,
): Array<{ tool: ToolSpec; edge: AgentEdge }> {
  const used = new Set<string>();
  return definition.edges
    .filter((edge) => edge.source === node.id)
    .map((edge) => {
      let name = toolName(edge.data.label);
      for (let n = 2; used.has(name); n++) name = `${toolName(edge.data.label)}_${n}`;
      used.add(name);
      const target = definition.nodes.find((candidate) => candidate.id === edge.target);
      const condition = edge.data.condition?.trim() || `Take the "${edge.data.label}" transition.`;
      return {
        edge,
        tool: {
          name,
          description: `${condition} (Next step: ${target?.data.name ?? edge.target}.)`,
          parameters: { type: 'object', properties: {}, additionalProperties: false },
        },
      };
    });
}
