/** The property shapes of a node spec (Dograh's `PropertySpec`), shared by node-specs.ts and its property lists. */

export type PropertyType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'options'
  | 'multi_options'
  | 'fixed_collection'
  | 'json'
  | 'tool_refs'
  | 'document_refs'
  | 'recording_ref'
  | 'credential_ref'
  | 'mention_textarea'
  | 'url';

export type NodeCategory = 'call_node' | 'global_node' | 'trigger' | 'integration';

export interface PropertyOption {
  value: string | number | boolean;
  label: string;
  description: string | null;
}

export interface DisplayOptions {
  show: Record<string, unknown[]> | null;
  hide: Record<string, unknown[]> | null;
}

export interface PropertySpec {
  name: string;
  type: PropertyType;
  display_name: string;
  description: string;
  llm_hint: string | null;
  default: unknown;
  required: boolean;
  placeholder: string | null;
  display_options: DisplayOptions | null;
  options: PropertyOption[] | null;
  /** Sub-properties of each row of a `fixed_collection` (one level deep); null otherwise. */
  properties: RowPropertySpec[] | null;
  min_value: number | null;
  max_value: number | null;
  min_length: number | null;
  max_length: number | null;
  pattern: string | null;
  /** Renderer hint, e.g. `textarea` for a multi-line string. */
  editor: string | null;
  renderer_options: null;
}

/** A property of a `fixed_collection` row. */
export type RowPropertySpec = Omit<PropertySpec, 'properties'> & { properties: null };
