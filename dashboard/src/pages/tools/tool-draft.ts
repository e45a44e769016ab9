/**
 * A tool's definition (docs/agents.md, Tools) as the form edits it: every field of every category as text, so that
 * switching category while creating keeps what was typed (tool-definition.ts builds the definition to send, with only
 * the category's keys). JSON-valued fields (a body template, a transfer's resolver and context mapping) are edited
 * as JSON text.
 */

export const TOOL_CATEGORIES = [
  { value: 'http_api', label: 'HTTP API', about: 'Calls your API with the arguments the LLM gives.' },
  {
    value: 'end_call',
    label: 'End call',
    about: 'Lets the LLM end the call, with a reason if you ask for one.',
  },
  { value: 'transfer_call', label: 'Transfer call', about: 'Lets the LLM hand the call to a person.' },
  { value: 'calculator', label: 'Calculator', about: 'Arithmetic the LLM should not do in its head.' },
  { value: 'mcp', label: 'MCP server', about: 'Offers the tools your MCP server lists (streamable HTTP).' },
] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number]['value'];

export const categoryLabel = (category: string) =>
  TOOL_CATEGORIES.find((item) => item.value === category)?.label ?? category;

export const PARAMETER_TYPES = ['string', 'number', 'boolean', 'object', 'array'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface ParameterRow {
  name: string;
  type: string;
  description: string;
  required: boolean;
}
export interface PresetRow {
  name: string;
  type: string;
  value_template: string;
  required: boolean;
}
export interface HeaderRow {
  name: string;
  value: string;
}

export interface ToolDraft {
  name: string;
  description: string;
  category: ToolCategory;
  method: string;
  url: string;
  headers: HeaderRow[];
  credential_uuid: string;
  parameters: ParameterRow[];
  preset_parameters: PresetRow[];
  timeout_ms: string;
  customMessage: string;
  body_template: string;
  messageType: string;
  endCallReason: boolean;
  endCallReasonDescription: string;
  destination_source: string;
  destination: string;
  timeout: string;
  resolver: string;
  context_mapping: string;
  tools_filter: string;
  timeout_secs: string;
  sse_read_timeout_secs: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : '');
const jsonText = (value: unknown) =>
  value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
const rows = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

export function blankDraft(category: ToolCategory = 'http_api'): ToolDraft {
  return {
    name: '',
    description: '',
    category,
    method: 'POST',
    url: '',
    headers: [],
    credential_uuid: '',
    parameters: [],
    preset_parameters: [],
    timeout_ms: '',
    customMessage: '',
    body_template: '',
    messageType: 'none',
    endCallReason: false,
    endCallReasonDescription: '',
    destination_source: 'static',
    destination: '',
    timeout: '',
    resolver: '',
    context_mapping: '',
    tools_filter: '',
    timeout_secs: '',
    sse_read_timeout_secs: '',
  };
}

/** The draft of a stored tool; what another client stored in an unexpected shape reads as blank. */
export function draftOf(tool: {
  name: string;
  description: string | null;
  category: string;
  definition: Json;
}) {
  const config = isObject(tool.definition.config) ? tool.definition.config : {};
  const category = (
    TOOL_CATEGORIES.some((item) => item.value === tool.category) ? tool.category : 'http_api'
  ) as ToolCategory;
  return {
    ...blankDraft(category),
    name: tool.name,
    description: tool.description ?? '',
    method: text(config.method) || 'POST',
    url: text(config.url),
    headers: isObject(config.headers)
      ? Object.entries(config.headers).map(([name, value]) => ({ name, value: text(value) }))
      : [],
    credential_uuid: text(config.credential_uuid),
    parameters: rows(config.parameters).map((row) => ({
      name: text(row.name),
      type: text(row.type) || 'string',
      description: text(row.description),
      required: row.required !== false,
    })),
    preset_parameters: rows(config.preset_parameters).map((row) => ({
      name: text(row.name),
      type: text(row.type) || 'string',
      value_template: text(row.value_template),
      required: row.required !== false,
    })),
    timeout_ms: numberText(config.timeout_ms),
    customMessage: text(config.customMessage),
    body_template: jsonText(config.body_template),
    // Stored by another client without messageType, a custom message is still kept.
    messageType:
      text(config.messageType) || (category !== 'http_api' && config.customMessage ? 'custom' : 'none'),
    endCallReason: config.endCallReason === true,
    endCallReasonDescription: text(config.endCallReasonDescription),
    destination_source: text(config.destination_source) || 'static',
    destination: text(config.destination),
    timeout: numberText(config.timeout),
    resolver: jsonText(config.resolver),
    context_mapping: jsonText(config.context_mapping),
    tools_filter: Array.isArray(config.tools_filter) ? config.tools_filter.map(String).join('\n') : '',
    timeout_secs: numberText(config.timeout_secs),
    sse_read_timeout_secs: numberText(config.sse_read_timeout_secs),
  } satisfies ToolDraft;
}

/** What every category's fields get from the form: the draft, a change to it, the problem at a field path. */
export interface DraftFieldsProps {
  draft: ToolDraft;
  set: (change: Partial<ToolDraft>) => void;
  errorFor: (path: string) => string | undefined;
}
