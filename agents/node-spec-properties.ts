import { type NodeType } from './definition';
import type { PropertySpec, RowPropertySpec } from './node-spec-types';
import { DEFAULT_TRANSFER_MESSAGE } from './transfer';

/**
 * The `properties` of each node type's spec (agents/node-specs.ts): the node-data keys the engine reads (`name`,
 * `prompt`, `extraction_variables`, the start node's `greeting`, `greeting_type`, `greeting_recording_id`,
 * `delayed_start` and `delayed_start_duration`, an endCall's `transfer_to` and `transfer_message`)
 * and Dograh's own keys for the same node types, which are stored as sent so that Dograh's clients can round-trip
 * them. `required` follows this service's graph validation (agents/validate-graph.ts), not Dograh's.
 */

type PropertyInput = Pick<PropertySpec, 'name' | 'type' | 'display_name' | 'description'> &
  Partial<PropertySpec>;

/** A property with every field of the wire shape present (absent ones null, `required` false). */
function property(input: PropertyInput): PropertySpec {
  return {
    llm_hint: null,
    default: null,
    required: false,
    placeholder: null,
    display_options: null,
    options: null,
    properties: null,
    min_value: null,
    max_value: null,
    min_length: null,
    max_length: null,
    pattern: null,
    editor: null,
    renderer_options: null,
    ...input,
  };
}

const STORED_ONLY = 'Stored as sent (a Dograh key); this service does not act on it.';

/** A key of Dograh's this service keeps but does not act on. */
const storedOnly = (input: PropertyInput): PropertySpec =>
  property({ ...input, description: `${input.description} ${STORED_ONLY}` });

const option = (value: string, label: string) => ({ value, label, description: null });

const nameProperty = (defaultName: string) =>
  property({
    name: 'name',
    type: 'string',
    display_name: 'Name',
    description:
      'Name of the step, shown in transcripts, the run detail and the descriptions of transitions.',
    default: defaultName,
    required: true,
    min_length: 1,
  });

const promptProperty = (required: boolean, description: string) =>
  property({
    name: 'prompt',
    type: 'mention_textarea',
    display_name: 'Prompt',
    description: `${description} {{variable}} placeholders are filled from the call's variables.`,
    required,
    min_length: 1,
  });

/** A property of a `fixed_collection` row (rows nest no further). */
const rowProperty = (input: PropertyInput): RowPropertySpec => ({ ...property(input), properties: null });

const EXTRACTION_VARIABLE_ROW: RowPropertySpec[] = [
  rowProperty({
    name: 'name',
    type: 'string',
    display_name: 'Variable Name',
    description: "Key under which the value lands in the run's gathered_context; unique within the node.",
    required: true,
    min_length: 1,
  }),
  rowProperty({
    name: 'type',
    type: 'options',
    display_name: 'Type',
    description: 'Type the extracted value is converted to.',
    default: 'string',
    required: true,
    options: [option('string', 'String'), option('number', 'Number'), option('boolean', 'Boolean')],
  }),
  rowProperty({
    name: 'prompt',
    type: 'string',
    display_name: 'Extraction Hint',
    description: 'What to extract from the conversation.',
    required: true,
    min_length: 1,
    editor: 'textarea',
  }),
];

/** Variables extracted when the conversation leaves the node (the engine reads `extraction_variables`). */
const EXTRACTION: PropertySpec[] = [
  storedOnly({
    name: 'extraction_enabled',
    type: 'boolean',
    display_name: 'Enable Variable Extraction',
    description: "Dograh's switch for extraction; here the variables listed are always extracted.",
  }),
  storedOnly({
    name: 'extraction_prompt',
    type: 'string',
    display_name: 'Extraction Prompt',
    description: 'Overall instructions for the extraction.',
    editor: 'textarea',
  }),
  property({
    name: 'extraction_variables',
    type: 'fixed_collection',
    display_name: 'Variables to Extract',
    description: 'Values extracted from the conversation when it leaves this node, into gathered_context.',
    properties: EXTRACTION_VARIABLE_ROW,
  }),
];

const ALLOW_INTERRUPT = property({
  name: 'allow_interrupt',
  type: 'boolean',
  display_name: 'Allow Interruption',
  description:
    "false: the caller cannot interrupt this step's words (their words are answered once it has finished); " +
    'absent or true: a barge-in cuts the agent short.',
});

const ADD_GLOBAL_PROMPT = property({
  name: 'add_global_prompt',
  type: 'boolean',
  display_name: 'Add Global Prompt',
  description:
    "Whether the global node's prompt is added to this node's (absent: it is; false leaves it out).",
});

const TOOLS_AND_DOCUMENTS: PropertySpec[] = [
  property({
    name: 'tool_uuids',
    type: 'tool_refs',
    display_name: 'Tools',
    description: 'Tools the node may call.',
  }),
  property({
    name: 'document_uuids',
    type: 'document_refs',
    display_name: 'Knowledge Base Documents',
    description:
      'Knowledge-base documents the node may consult: the LLM is offered a search_knowledge_base function that ' +
      "finds the best passages of these documents (the organization's, once completed).",
  }),
];

const CAPTURE_ROW: RowPropertySpec[] = [
  rowProperty({
    name: 'name',
    type: 'string',
    display_name: 'Variable Name',
    description: "Key under which the captured value lands in the run's gathered_context.",
    required: true,
    min_length: 1,
  }),
  rowProperty({
    name: 'pattern',
    type: 'options',
    display_name: 'Pattern',
    description:
      'What is captured from the answer: digits (said or pressed, "two three" → "23"), a date (YYYY-MM-DD) or ' +
      'yes_no (true or false).',
    required: true,
    options: [option('digits', 'Digits'), option('date', 'Date'), option('yes_no', 'Yes / No')],
  }),
];

const SCRIPTED = property({
  name: 'scripted',
  type: 'boolean',
  display_name: 'Scripted (no LLM)',
  description:
    "true: the step says its Script Line instead of asking the LLM and branches on the caller's answer by the " +
    "outgoing edges' dtmf, keywords, timeout_seconds and is_default (docs/agents.md, Scripted nodes).",
});

const scriptLineProperty = (description: string) =>
  property({
    name: 'script_line',
    type: 'string',
    display_name: 'Script Line',
    description: `${description} {{variable}} placeholders are filled from the call's variables.`,
    editor: 'textarea',
  });

/** The keys of a scripted step that waits for an answer (startCall, agentNode). */
const SCRIPTED_STEP: PropertySpec[] = [
  SCRIPTED,
  scriptLineProperty('What a scripted step says, word for word; required when scripted.'),
  property({
    name: 'script_reprompt',
    type: 'string',
    display_name: 'Re-prompt Line',
    description:
      'Said when an answer matches no branch and no edge is the default; absent: "Sorry, I did not catch that." ' +
      'and the Script Line again.',
    editor: 'textarea',
  }),
  property({
    name: 'script_capture',
    type: 'fixed_collection',
    display_name: 'Captured Variables',
    description:
      "Values captured by pattern from the caller's answers to this scripted step, into gathered_context.",
    properties: CAPTURE_ROW,
  }),
];

const START_CALL: PropertySpec[] = [
  nameProperty('Start Call'),
  property({
    name: 'greeting_type',
    type: 'options',
    display_name: 'Greeting Type',
    description:
      'Whether the greeting is spoken from text or played from a recording: `audio` plays `greeting_recording_id` ' +
      '(its transcript is what the transcript records) instead of the generated or text greeting.',
    options: [option('text', 'Text (TTS)'), option('audio', 'Pre-recorded Audio')],
  }),
  property({
    name: 'greeting',
    type: 'string',
    display_name: 'Greeting Text',
    description:
      'Spoken as the greeting when no language model is configured (with one, the agent opens from the prompt); ' +
      'absent or blank: a short introduction that says the agent cannot talk now.',
    editor: 'textarea',
  }),
  property({
    name: 'greeting_recording_id',
    type: 'recording_ref',
    display_name: 'Greeting Recording',
    description:
      'Recording played as the greeting when `greeting_type` is `audio`: its `id` (a number, as Dograh stores it) ' +
      'or its `recording_id` (a string), from /workflow-recordings. A deleted or unknown one: the greeting is not ' +
      'played from audio.',
  }),
  promptProperty(true, 'Instructions for the opening turn, the first thing the agent says.'),
  ALLOW_INTERRUPT,
  ADD_GLOBAL_PROMPT,
  property({
    name: 'delayed_start',
    type: 'boolean',
    display_name: 'Delayed Start',
    description: 'Whether the agent waits `delayed_start_duration` seconds after pickup before speaking.',
  }),
  property({
    name: 'delayed_start_duration',
    type: 'number',
    display_name: 'Delay Duration (seconds)',
    description:
      'Seconds of silence after pickup before the agent speaks (default 2; above 10 counts as 10).',
    min_value: 0.1,
    max_value: 10,
  }),
  ...EXTRACTION,
  ...TOOLS_AND_DOCUMENTS,
  property({
    name: 'pre_call_fetch_mode',
    type: 'options',
    display_name: 'Pre-Call Data Fetch',
    description:
      "Which calls POST to the URL before their greeting and merge the answer's initial_context into their variables.",
    options: [
      option('disabled', 'Disabled'),
      option('always', 'Always'),
      option('inbound', 'Inbound calls only'),
      option('outbound', 'Outbound calls only'),
    ],
  }),
  property({
    name: 'pre_call_fetch_url',
    type: 'url',
    display_name: 'Pre-Call Fetch URL',
    description: 'URL the pre-call context is fetched from.',
  }),
  property({
    name: 'pre_call_fetch_credential_uuid',
    type: 'credential_ref',
    display_name: 'Pre-Call Fetch Credential',
    description: 'Credential sent with the pre-call fetch.',
  }),
  ...SCRIPTED_STEP,
];

const AGENT_NODE: PropertySpec[] = [
  nameProperty('Agent'),
  promptProperty(true, 'Instructions for this step of the conversation.'),
  ALLOW_INTERRUPT,
  ADD_GLOBAL_PROMPT,
  ...EXTRACTION,
  ...TOOLS_AND_DOCUMENTS,
  ...SCRIPTED_STEP,
];

const END_CALL: PropertySpec[] = [
  nameProperty('End Call'),
  promptProperty(false, 'Instructions for the closing line before the call ends; optional.'),
  ADD_GLOBAL_PROMPT,
  ...EXTRACTION,
  property({
    name: 'transfer_to',
    type: 'string',
    display_name: 'Transfer To',
    description:
      'Hands the call to a person instead of hanging up: an E.164 number (+15551234567) or a SIP URI ' +
      '(sip:user@host or sips:user@host). Absent: the call ends here.',
    placeholder: '+15551234567',
  }),
  property({
    name: 'transfer_message',
    type: 'string',
    display_name: 'Transfer Message',
    description: `Spoken before the transfer; absent: "${DEFAULT_TRANSFER_MESSAGE}" Only with transfer_to.`,
    placeholder: DEFAULT_TRANSFER_MESSAGE,
    min_length: 1,
  }),
  SCRIPTED,
  scriptLineProperty('The closing line of a scripted end, word for word; absent: the call ends in silence.'),
  property({
    name: 'script_disposition',
    type: 'string',
    display_name: 'Disposition',
    description:
      "The call's disposition when a scripted conversation ends here (no LLM chooses it); absent: the disposition " +
      "of the branch taken, else the agent's first disposition code, else completed.",
  }),
];

const GLOBAL_NODE: PropertySpec[] = [
  nameProperty('Global Node'),
  promptProperty(true, 'Instructions added to every step of the call (persona, tone, rules).'),
];

/** Each node type's properties. */
export const NODE_PROPERTIES: Record<NodeType, PropertySpec[]> = {
  startCall: START_CALL,
  agentNode: AGENT_NODE,
  endCall: END_CALL,
  globalNode: GLOBAL_NODE,
};
