/**
 * The definition a tool's form sends, built from its draft (tool-draft.ts): only the category's keys, a blank optional
 * field left out, JSON-valued fields parsed (a problem named at the API's own field path when they do not parse).
 */
import type { ToolCategory, ToolDraft } from './tool-draft';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number field: absent when blank, the number when it is one, else the text (the API names the problem). */
const numberOf = (value: string) => {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
};
const optional = (value: string) => value.trim() || undefined;

/** A definition as sent: `{schema_version, type, config}`. */
export interface ToolDefinition {
  schema_version: number;
  type: ToolCategory;
  config?: Json;
  [key: string]: unknown;
}

/** A problem the form finds itself before sending (JSON that does not parse), at the API's own field path. */
export interface DraftProblem {
  field: string;
  message: string;
}

function parsedJson(
  draft: ToolDraft,
  key: 'body_template' | 'resolver' | 'context_mapping',
  problems: DraftProblem[],
) {
  const source = draft[key].trim();
  if (!source) return undefined;
  try {
    return JSON.parse(source) as unknown;
  } catch {
    problems.push({ field: `definition.config.${key}`, message: 'This is not valid JSON.' });
    return undefined;
  }
}

const CUSTOM_MESSAGE = (draft: ToolDraft) => ({
  messageType: draft.messageType === 'custom' ? 'custom' : 'none',
  customMessage: draft.messageType === 'custom' ? optional(draft.customMessage) : undefined,
});

/** The config keys of each category the form draws, from the draft. */
function configOf(draft: ToolDraft, problems: DraftProblem[]): Json | null {
  const parameters = draft.parameters.length > 0 ? draft.parameters : undefined;
  switch (draft.category) {
    case 'http_api':
      return {
        method: draft.method,
        url: draft.url.trim(),
        headers:
          draft.headers.length > 0
            ? Object.fromEntries(draft.headers.map((header) => [header.name.trim(), header.value]))
            : undefined,
        credential_uuid: optional(draft.credential_uuid),
        parameters,
        preset_parameters: draft.preset_parameters.length > 0 ? draft.preset_parameters : undefined,
        timeout_ms: numberOf(draft.timeout_ms),
        customMessage: optional(draft.customMessage),
        customMessageType: optional(draft.customMessage) ? 'text' : undefined,
        body_template: parsedJson(draft, 'body_template', problems),
      };
    case 'end_call':
      return {
        ...CUSTOM_MESSAGE(draft),
        endCallReason: draft.endCallReason,
        endCallReasonDescription: draft.endCallReason ? optional(draft.endCallReasonDescription) : undefined,
      };
    case 'transfer_call': {
      const source = draft.destination_source;
      return {
        ...CUSTOM_MESSAGE(draft),
        destination_source: source,
        destination: source === 'static' ? optional(draft.destination) : undefined,
        timeout: numberOf(draft.timeout),
        parameters,
        resolver: source === 'dynamic' ? parsedJson(draft, 'resolver', problems) : undefined,
        context_mapping:
          source === 'context_mapping' ? parsedJson(draft, 'context_mapping', problems) : undefined,
      };
    }
    case 'mcp':
      return {
        url: draft.url.trim(),
        credential_uuid: optional(draft.credential_uuid),
        tools_filter: draft.tools_filter.trim()
          ? draft.tools_filter
              .split(/[\n,]/)
              .map((name) => name.trim())
              .filter(Boolean)
          : undefined,
        timeout_secs: numberOf(draft.timeout_secs),
        sse_read_timeout_secs: numberOf(draft.sse_read_timeout_secs),
      };
    case 'calculator':
      return null;
  }
}

/**
 * The definition to send: the stored one's other keys (and its config's keys the form does not draw, when the
 * category is the same) kept, the drawn keys from the draft; a blank optional field leaves its key out.
 */
export function definitionOf(
  draft: ToolDraft,
  stored: Json | null,
): { definition: ToolDefinition; problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  const built = configOf(draft, problems);
  const sameType = stored?.type === draft.category;
  const definition: ToolDefinition = { ...(sameType ? stored : {}), schema_version: 1, type: draft.category };
  if (built === null) {
    delete definition.config;
    return { definition, problems };
  }
  const config: Json = { ...(sameType && isObject(stored?.config) ? stored.config : {}) };
  for (const [key, value] of Object.entries(built)) {
    if (value === undefined) delete config[key];
    else config[key] = value;
  }
  definition.config = config;
  return { definition, problems };
}
