import { Type } from '@sinclair/typebox';
import { Id } from '../common-schemas';

/** TypeBox schemas of `POST /telephony/initiate-call` (responses strip unknown fields). */

const OptionalId = (description: string) => Type.Optional(Type.Union([Id(), Type.Null()], { description }));

export const InitiateCallBody = Type.Object({
  workflow_id: Id({ description: 'The agent that talks on the call.' }),
  phone_number: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The number to call: E.164, or national in DEFAULT_PHONE_REGION.',
    examples: ['+12125550123'],
  }),
  telephony_configuration_id: OptionalId(
    "The configuration to call through; the organization's default outbound one when absent.",
  ),
  from_phone_number_id: OptionalId(
    'A phone number of that configuration as caller id; its default caller (else first active number) when absent.',
  ),
  initial_context: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "Values of the agent's {{template variables}}, kept on the run beside caller_number, called_number and " +
        'telephony_configuration_id (which win over keys of the same name).',
    }),
  ),
});

export const InitiatedCallBody = Type.Object({
  id: Type.Integer({ description: 'The run of the call.' }),
  workflow_id: Type.Integer(),
  name: Type.String({ description: 'one-off-call-{attempt id}, also the id of its Temporal workflow.' }),
  mode: Type.String({ description: 'The provider name.' }),
  call_type: Type.Literal('outbound'),
  created_at: Type.String({ format: 'date-time' }),
  initial_context: Type.Record(Type.String(), Type.Unknown()),
  message: Type.String({
    description: "Dograh's short human message about the call, e.g. `Call initiated`.",
    examples: ['Call initiated'],
  }),
});
