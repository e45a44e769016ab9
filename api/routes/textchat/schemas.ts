import { Type, type Static } from '@sinclair/typebox';
import type { AgentDefinition } from '../../../agents/definition';
import type { ConversationState } from '../../../conversation/conversation-state';
import { Id } from '../common-schemas';
import { RunDetailSchema } from '../runs/run-views';

/** Request and response schemas of text-mode runs. */

export const AgentParams = Type.Object({ workflow_id: Id() });
export const RunParams = Type.Object({ workflow_id: Id(), run_id: Id() });

export const StartTextchatBody = Type.Object(
  {
    mode: Type.Literal('textchat', {
      description: 'Phone calls are placed with POST /telephony/initiate-call.',
    }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    initial_context: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          "Values of the agent's {{template variables}}; they override template_context_variables.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const MessageBody = Type.Object(
  { content: Type.String({ minLength: 1, maxLength: 8000, description: "The user's turn." }) },
  { additionalProperties: false },
);

const Usage = Type.Object({ prompt_tokens: Type.Integer(), completion_tokens: Type.Integer() });
const ToolRound = Type.Object({
  said: Type.String(),
  calls: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      tool_uuid: Type.Union([Type.String(), Type.Null()]),
      arguments: Type.Object({}, { additionalProperties: true }),
      ok: Type.Boolean(),
      result: Type.String(),
    }),
  ),
});
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ConversationView = Type.Object({
  status: Type.Union([Type.Literal('active'), Type.Literal('ended')]),
  node: Type.Object({ id: Type.String(), name: Type.String() }),
  end_reason: NullableString,
  disposition: NullableString,
  messages: Type.Array(
    Type.Object({
      role: Type.Union([Type.Literal('agent'), Type.Literal('user')]),
      content: Type.String(),
      node_id: Type.String(),
      at: Type.String({ format: 'date-time' }),
      usage: Type.Optional(Usage),
      model: Type.Optional(
        Type.String({
          description:
            'The model that wrote an agent turn (with fallbacks configured: the one that answered).',
        }),
      ),
      tool_rounds: Type.Optional(
        Type.Array(ToolRound, {
          description:
            "The agent turn's tool calls before its last words, round by round: the words said alongside (they " +
            'begin `content`) and each call with its arguments and the result the LLM got.',
        }),
      ),
    }),
  ),
  gathered_context: Type.Object({}, { additionalProperties: true }),
  usage: Usage,
});

export const TextchatRunBody = Type.Composite([
  RunDetailSchema,
  Type.Object({ conversation: ConversationView }),
]);

export const MessageReplyBody = Type.Object({
  reply: Type.Union([Type.String(), Type.Null()], {
    description: "The agent's answer; null when the conversation ended without one.",
  }),
  conversation: ConversationView,
});

/** The conversation as the API shows it. */
export function presentConversation(
  state: ConversationState,
  definition: AgentDefinition,
): Static<typeof ConversationView> {
  const node = definition.nodes.find((n) => n.id === state.node_id);
  return {
    status: state.end_reason ? 'ended' : 'active',
    node: { id: state.node_id, name: node?.data.name ?? state.node_id },
    end_reason: state.end_reason,
    disposition: state.disposition,
    messages: state.turns,
    gathered_context: state.gathered,
    usage: state.usage,
  };
}
