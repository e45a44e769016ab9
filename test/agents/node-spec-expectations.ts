/**
 * What the node-types tests expect: the field names of Dograh's NodeSpec and PropertySpec as its SDK's types declare
 * them, the property types the SDK knows, and each node type's property names in order.
 */
export type Spec = {
  name: string;
  properties: Array<Record<string, unknown> & { name: string; type: string }>;
};

export const NODE_KEYS = [
  'category',
  'description',
  'display_name',
  'docs_url',
  'examples',
  'graph_constraints',
  'icon',
  'llm_hint',
  'name',
  'properties',
  'version',
];
export const PROPERTY_KEYS = [
  'default',
  'description',
  'display_name',
  'display_options',
  'editor',
  'llm_hint',
  'max_length',
  'max_value',
  'min_length',
  'min_value',
  'name',
  'options',
  'pattern',
  'placeholder',
  'properties',
  'renderer_options',
  'required',
  'type',
];
export const SDK_PROPERTY_TYPES = [
  'string',
  'number',
  'boolean',
  'options',
  'multi_options',
  'fixed_collection',
  'json',
  'tool_refs',
  'document_refs',
  'recording_ref',
  'credential_ref',
  'mention_textarea',
  'url',
];
const SCRIPTED_STEP = ['scripted', 'script_line', 'script_reprompt', 'script_capture'];
const EXTRACTION = ['extraction_enabled', 'extraction_prompt', 'extraction_variables'];
export const PROPERTY_NAMES: Record<string, string[]> = {
  startCall: [
    'name',
    'greeting_type',
    'greeting',
    'greeting_recording_id',
    'prompt',
    'allow_interrupt',
    'add_global_prompt',
    'delayed_start',
    'delayed_start_duration',
    ...EXTRACTION,
    'tool_uuids',
    'document_uuids',
    'pre_call_fetch_mode',
    'pre_call_fetch_url',
    'pre_call_fetch_credential_uuid',
    ...SCRIPTED_STEP,
  ],
  agentNode: [
    'name',
    'prompt',
    'allow_interrupt',
    'add_global_prompt',
    ...EXTRACTION,
    'tool_uuids',
    'document_uuids',
    ...SCRIPTED_STEP,
  ],
  endCall: [
    'name',
    'prompt',
    'add_global_prompt',
    ...EXTRACTION,
    'transfer_to',
    'transfer_message',
    'scripted',
    'script_line',
    'script_disposition',
  ],
  globalNode: ['name', 'prompt'],
};
