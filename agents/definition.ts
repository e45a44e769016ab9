import { Type, type Static } from '@sinclair/typebox';

/**
 * The agent definition format: a graph of conversation steps (nodes) and transitions (edges).
 * Pure types and TypeBox schemas, shared by the HTTP layer, the engine and the template generator.
 * The schemas document the shape; `validateAgentDefinition` enforces it together with the graph rules.
 */

export const NODE_TYPES = ['startCall', 'agentNode', 'endCall', 'globalNode'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** Node types whose `data.prompt` is required (an endCall may carry a closing prompt, but need not). */
export const PROMPTED_NODE_TYPES: ReadonlySet<NodeType> = new Set(['startCall', 'agentNode', 'globalNode']);

export const EXTRACTION_VARIABLE_TYPES = ['string', 'number', 'boolean'] as const;
export type ExtractionVariableType = (typeof EXTRACTION_VARIABLE_TYPES)[number];

export const ExtractionVariableSchema = Type.Object({
  name: Type.String({ minLength: 1, description: 'Key under which the value lands in gathered_context.' }),
  type: Type.Union([Type.Literal('string'), Type.Literal('number'), Type.Literal('boolean')]),
  prompt: Type.String({ minLength: 1, description: 'What to extract from the conversation.' }),
});
export type ExtractionVariable = Static<typeof ExtractionVariableSchema>;

export const NodeDataSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    prompt: Type.Optional(Type.String({ minLength: 1 })),
    extraction_variables: Type.Optional(Type.Array(ExtractionVariableSchema)),
  },
  { additionalProperties: true, description: 'Further keys (editor state, tool settings) are kept as sent.' },
);

export const NodeSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    type: Type.Union([
      Type.Literal('startCall'),
      Type.Literal('agentNode'),
      Type.Literal('endCall'),
      Type.Literal('globalNode'),
    ]),
    position: Type.Optional(
      Type.Object({ x: Type.Number(), y: Type.Number() }, { description: 'Editor layout only.' }),
    ),
    data: NodeDataSchema,
  },
  { additionalProperties: true },
);
export type AgentNode = Static<typeof NodeSchema>;

export const EdgeSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    source: Type.String({ minLength: 1, description: 'Id of the node the transition leaves.' }),
    target: Type.String({ minLength: 1, description: 'Id of the node the transition enters.' }),
    data: Type.Object(
      {
        label: Type.String({ minLength: 1, description: 'Unique among the edges leaving one node.' }),
        condition: Type.Optional(Type.String({ description: 'When the agent takes this transition.' })),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);
export type AgentEdge = Static<typeof EdgeSchema>;

export const AgentDefinitionSchema = Type.Object(
  { nodes: Type.Array(NodeSchema), edges: Type.Array(EdgeSchema) },
  {
    additionalProperties: true,
    description:
      'Nodes `{id, type: startCall|agentNode|endCall|globalNode, position?: {x,y}, data: {name, prompt, ' +
      'extraction_variables?: [{name, type: string|number|boolean, prompt}]}}` and edges ' +
      '`{id, source, target, data: {label, condition?}}`. Exactly one startCall (no incoming edge), endCalls ' +
      '(no outgoing edge; optional, as in Dograh: without one a call ends on hang-up, max turns or max duration; ' +
      'when present, one must be reachable from the startCall), at most one globalNode (no edges). An endCall may hand ' +
      'the call to a person: `data.transfer_to` (E.164 `+15551234567` or `sip:user@host`) and ' +
      '`data.transfer_message?` (spoken first).',
  },
);
export type AgentDefinition = Static<typeof AgentDefinitionSchema>;

/**
 * May the caller interrupt this node's words? Dograh's `allow_interrupt`: only `false` holds the floor (the caller's
 * words wait for the agent to finish); absent, `true` or anything else, a barge-in cuts the agent short.
 */
export const allowsInterruption = (node: AgentNode): boolean =>
  (node.data as { allow_interrupt?: unknown }).allow_interrupt !== false;
