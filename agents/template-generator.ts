import { addUsage, NO_USAGE, type ChatMessage, type LanguageModel, type TokenUsage } from '../llm';
import { generateBuiltinAgent } from './builtin-generator';
import { DRAFT_JSON_SCHEMA, readDraft, type GeneratedAgent, type TemplateInput } from './template-draft';

/** The LLM gave no valid agent within the allowed attempts (repairs and regenerations included). */
export class TemplateGenerationError extends Error {
  constructor(
    readonly attempts: number,
    readonly lastProblems: string[],
  ) {
    super(`No valid agent after ${attempts} attempts: ${lastProblems.slice(0, 5).join('; ')}`);
    this.name = 'TemplateGenerationError';
  }
}

const SYSTEM_PROMPT = `You design voice agents for phone calls. An agent is a graph of conversation steps.
Return JSON only, matching the given schema:
- nodes: exactly one "startCall" (the greeting; it speaks first), one or more "agentNode" (conversation steps),
  at least one "endCall" (says goodbye and hangs up), and optionally one "globalNode" (rules and persona that
  apply at every step). Node ids are short snake_case words and unique. Every startCall, agentNode and
  globalNode has a prompt that tells the agent what to say and do in that step; an endCall prompt says how to
  close the call.
- edges: transitions between steps. "label" is a short snake_case name unique among the edges leaving a node;
  "condition" says in one sentence when to take the transition. No edge may enter the startCall, leave an
  endCall, or touch the globalNode. Some endCall must be reachable from the startCall.
- extraction_variables on a node: facts to capture from the caller in that step (snake_case name, type
  string|number|boolean, and what to capture).
- Use {{variable}} placeholders in prompts for facts known before the call (such as first_name or
  company_name) and list each in template_variables with a sensible default_value.
- disposition_codes: 3 to 8 snake_case outcomes of a call for this use case.
Keep prompts concrete, polite and brief; calls are spoken, so replies must be short.`;

const describe = (input: TemplateInput) =>
  `Call type: ${input.call_type}\nUse case: ${input.use_case}\nWhat the agent should do:\n${input.activity_description}`;

export interface TemplateResult {
  agent: GeneratedAgent;
  attempts: number;
  usage: TokenUsage;
  model: string | null;
}

/**
 * Makes an agent from the three template fields. With an LLM: structured output, validated by the graph
 * validator; an invalid graph is sent back for repair, an unreadable answer is regenerated from scratch,
 * up to `maxAttempts` answers. Without an LLM: the built-in generator. LlmUnavailableError propagates.
 */
export async function generateAgentTemplate(
  input: TemplateInput,
  llm: LanguageModel | null,
  maxAttempts: number,
): Promise<TemplateResult> {
  if (!llm) return { agent: generateBuiltinAgent(input), attempts: 0, usage: NO_USAGE, model: null };

  const fresh = (): ChatMessage[] => [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: describe(input) },
  ];
  let messages = fresh();
  let usage = NO_USAGE;
  let lastProblems: string[] = [];
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const result = await llm.chat({
      messages,
      jsonSchema: { name: 'agent_template', schema: DRAFT_JSON_SCHEMA },
      temperature: attempt === 1 ? 0.4 : 0.2,
    });
    usage = addUsage(usage, result.usage);
    const outcome = readDraft(result.content);
    if (outcome.ok) return { agent: outcome.agent, attempts: attempt, usage, model: result.model };
    lastProblems = outcome.problems.map((p) => (p.loc.length ? `${p.loc.join('.')}: ${p.msg}` : p.msg));
    messages = outcome.unreadable
      ? fresh()
      : [
          ...messages,
          { role: 'assistant', content: result.content ?? '' },
          {
            role: 'user',
            content:
              'That agent is invalid. Fix these problems and return the whole corrected agent:\n- ' +
              lastProblems.join('\n- '),
          },
        ];
  }
  throw new TemplateGenerationError(maxAttempts, lastProblems);
}
