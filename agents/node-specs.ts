import { NODE_TYPES, type NodeType } from './definition';
import { NODE_PROPERTIES } from './node-spec-properties';
import type { NodeCategory, PropertySpec } from './node-spec-types';

/**
 * The node specs served at `GET /api/v1/node-types`: one per node type of the agent definition, in the wire shape of
 * Dograh's `NodeSpec` / `PropertySpec` (its backend's node-spec catalog, read by `@dograh/sdk`'s `Workflow.add` and
 * `loadWorkflow`). Every field of that shape is sent, absent ones as null, as Dograh's backend serialises them.
 *
 * The SDK validates node data against `properties`: any key not listed throws, listed keys with a `default` are filled
 * in, `required` keys must be set (non-blank strings), `options` bound enum values, and `fixed_collection` rows are
 * checked against the nested `properties`. So the list holds every node-data key our engine reads plus Dograh's own
 * keys for these node types (stored as sent; their descriptions say when this service does not act on them).
 * Pure data: no I/O.
 */

/** Version of the spec wire shape (Dograh's `SPEC_VERSION`); the SDK warns when the server's is newer. */
export const NODE_SPEC_VERSION = '1.0.0';

export type {
  DisplayOptions,
  NodeCategory,
  PropertyOption,
  PropertySpec,
  PropertyType,
  RowPropertySpec,
} from './node-spec-types';

export interface NodeSpec {
  name: NodeType;
  display_name: string;
  description: string;
  llm_hint: string | null;
  docs_url: string | null;
  category: NodeCategory;
  /** A lucide-react icon name, as Dograh's editor renders it. */
  icon: string;
  version: string;
  properties: PropertySpec[];
  examples: Array<{ name: string; description: string | null; data: Record<string, unknown> }>;
  graph_constraints: null;
}

export interface NodeTypesList {
  spec_version: string;
  node_types: NodeSpec[];
}

/** What a node type is, beside its properties. */
const NODE_HEADERS: Record<NodeType, Omit<NodeSpec, 'properties' | 'examples' | 'graph_constraints'>> = {
  startCall: {
    name: 'startCall',
    display_name: 'Start Call',
    description: 'Where every call begins: the agent opens the conversation here.',
    llm_hint: 'Exactly one per agent, with no incoming edge.',
    docs_url: null,
    category: 'call_node',
    icon: 'Play',
    version: '1.0.0',
  },
  agentNode: {
    name: 'agentNode',
    display_name: 'Agent Node',
    description: 'One step of the conversation, with its own instructions; edges lead on to the next steps.',
    llm_hint: null,
    docs_url: null,
    category: 'call_node',
    icon: 'Headset',
    version: '1.0.0',
  },
  endCall: {
    name: 'endCall',
    display_name: 'End Call',
    description: 'Closes the call, after an optional closing line, or hands it to a person (transfer_to).',
    llm_hint: 'No outgoing edges.',
    docs_url: null,
    category: 'call_node',
    icon: 'OctagonX',
    version: '1.0.0',
  },
  globalNode: {
    name: 'globalNode',
    display_name: 'Global Node',
    description: 'Instructions that hold at every step of the call (persona, tone, rules).',
    llm_hint: 'At most one per agent, with no edges.',
    docs_url: null,
    category: 'global_node',
    icon: 'Globe',
    version: '1.0.0',
  },
};

/** Every node type's spec, in the order of the definition's node types. */
export function nodeSpecs(): NodeSpec[] {
  return NODE_TYPES.map((type) => ({
    ...NODE_HEADERS[type],
    properties: NODE_PROPERTIES[type],
    examples: [],
    graph_constraints: null,
  }));
}

/** The list answered by `GET /node-types`. */
export function nodeTypesList(): NodeTypesList {
  return { spec_version: NODE_SPEC_VERSION, node_types: nodeSpecs() };
}

/** One node type's spec by its exact name, or null for any other name. */
export function nodeSpecNamed(name: string): NodeSpec | null {
  return nodeSpecs().find((spec) => spec.name === name) ?? null;
}
