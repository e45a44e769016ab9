import type { AgentDefinition } from './definition';
import { validateAgentDefinition, type GraphProblem } from './validate-graph';

/**
 * The shape an LLM fills in for create/template (a strict JSON schema, so every key is required and
 * free-form objects are lists), and its conversion into an agent definition with layout and defaults.
 */

export interface TemplateInput {
  call_type: 'inbound' | 'outbound';
  use_case: string;
  activity_description: string;
}

/** An agent ready to be saved, whichever generator made it. */
export interface GeneratedAgent {
  name: string;
  definition: AgentDefinition;
  templateContextVariables: Record<string, unknown>;
  callDispositionCodes: { disposition_codes: string[] };
  generator: 'llm' | 'builtin';
}

const stringType = { type: 'string' };
const strictObject = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

export const DRAFT_JSON_SCHEMA = strictObject({
  name: stringType,
  nodes: {
    type: 'array',
    items: strictObject({
      id: stringType,
      type: { type: 'string', enum: ['startCall', 'agentNode', 'endCall', 'globalNode'] },
      name: stringType,
      prompt: stringType,
      extraction_variables: {
        type: 'array',
        items: strictObject({
          name: stringType,
          type: { type: 'string', enum: ['string', 'number', 'boolean'] },
          prompt: stringType,
        }),
      },
    }),
  },
  edges: {
    type: 'array',
    items: strictObject({ source: stringType, target: stringType, label: stringType, condition: stringType }),
  },
  template_variables: {
    type: 'array',
    items: strictObject({ name: stringType, default_value: stringType }),
  },
  disposition_codes: { type: 'array', items: stringType },
});

interface Draft {
  name: string;
  nodes: Array<{
    id: string;
    type: string;
    name: string;
    prompt: string;
    extraction_variables: Array<{ name: string; type: string; prompt: string }>;
  }>;
  edges: Array<{ source: string; target: string; label: string; condition: string }>;
  template_variables: Array<{ name: string; default_value: string }>;
  disposition_codes: string[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

/** Every `{{name}}` used in the definition's prompts. */
export function placeholdersOf(definition: AgentDefinition): string[] {
  const names = new Set<string>();
  for (const node of definition.nodes)
    for (const match of (node.data.prompt ?? '').matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names];
}

/** Lays nodes out top to bottom (global node to the side) so the editor shows a readable graph. */
function toDefinition(draft: Draft): AgentDefinition {
  let row = 0;
  return {
    nodes: draft.nodes.map((node) => ({
      id: node.id,
      type: node.type as AgentDefinition['nodes'][number]['type'],
      position: node.type === 'globalNode' ? { x: 420, y: 0 } : { x: 0, y: 160 * row++ },
      data: {
        name: node.name,
        ...(node.prompt.trim() !== '' || node.type !== 'endCall' ? { prompt: node.prompt } : {}),
        ...(node.extraction_variables.length > 0
          ? {
              extraction_variables: node.extraction_variables.map((v) => ({
                name: v.name,
                type: v.type as 'string' | 'number' | 'boolean',
                prompt: v.prompt,
              })),
            }
          : {}),
      },
    })),
    edges: draft.edges.map((edge, index) => ({
      id: `e${index + 1}`,
      source: edge.source,
      target: edge.target,
      data: { label: edge.label, ...(edge.condition.trim() ? { condition: edge.condition } : {}) },
    })),
  };
}

const isDraft = (value: unknown): value is Draft => {
  const v = value as Partial<Draft> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    Array.isArray(v.nodes) &&
    Array.isArray(v.edges) &&
    Array.isArray(v.template_variables) &&
    Array.isArray(v.disposition_codes)
  );
};

export type DraftOutcome =
  { ok: true; agent: GeneratedAgent } | { ok: false; unreadable: boolean; problems: GraphProblem[] };

/**
 * Reads the LLM's content: not JSON or not the draft shape is `unreadable` (regenerate); a draft whose graph
 * fails the validator lists its problems (repair). Template variables used in prompts always get a default.
 */
export function readDraft(content: string | null): DraftOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content ?? '');
  } catch {
    return {
      ok: false,
      unreadable: true,
      problems: [{ loc: [], msg: 'The answer is not JSON.', type: 'json_invalid' }],
    };
  }
  if (!isDraft(parsed))
    return {
      ok: false,
      unreadable: true,
      problems: [{ loc: [], msg: 'The answer lacks required keys.', type: 'missing' }],
    };
  let definition: AgentDefinition;
  try {
    definition = toDefinition(parsed);
  } catch {
    return {
      ok: false,
      unreadable: true,
      problems: [{ loc: [], msg: 'Malformed nodes or edges.', type: 'model_type' }],
    };
  }
  const problems = validateAgentDefinition(definition);
  const codes = [
    ...new Set(parsed.disposition_codes.map((c) => String(c).trim()).filter((c) => c && c.length <= 100)),
  ];
  if (codes.length === 0)
    problems.push({
      loc: ['disposition_codes'],
      msg: 'At least one disposition code is needed.',
      type: 'missing',
    });
  if (!parsed.name.trim()) problems.push({ loc: ['name'], msg: 'The agent needs a name.', type: 'missing' });
  if (problems.length > 0) return { ok: false, unreadable: false, problems };

  const variables: Record<string, unknown> = {};
  for (const variable of parsed.template_variables)
    if (typeof variable?.name === 'string' && variable.name.trim())
      variables[variable.name.trim()] = variable.default_value ?? '';
  for (const name of placeholdersOf(definition)) if (!(name in variables)) variables[name] = '';
  return {
    ok: true,
    agent: {
      name: parsed.name.trim().slice(0, 255),
      definition,
      templateContextVariables: variables,
      callDispositionCodes: { disposition_codes: codes },
      generator: 'llm',
    },
  };
}
