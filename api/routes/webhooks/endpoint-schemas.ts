/** Request and response schemas of webhook endpoints. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from '../../../domain/webhook-events';
import { Id } from '../common-schemas';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The most endpoints one organization may have. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;
export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;

export const WebhookEndpointParams = Type.Object({ id: Id() });

const Url = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description:
    'Where events are POSTed: https (http only to a destination the operator allows in ALLOWED_PRIVATE_DESTINATIONS). ' +
    'Loopback, link-local and private addresses are refused (422 destination_not_allowed) unless allowed.',
});

const Events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length + 1,
  uniqueItems: true,
  description: `Event types to receive (${WEBHOOK_EVENT_TYPES.join(', ')}), or "${ALL_EVENTS}" for every type, including types added later.`,
});

const Description = Nullable(Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }));

export const CreateWebhookEndpointBody = Type.Object(
  {
    url: Url,
    events: Events,
    active: Type.Optional(Type.Boolean({ default: true })),
    description: Type.Optional(Description),
  },
  { additionalProperties: false },
);
export type CreateWebhookEndpointBody = Static<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Description),
  },
  { additionalProperties: false },
);
export type UpdateWebhookEndpointBody = Static<typeof UpdateWebhookEndpointBody>;

export const WebhookEndpoint = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Nullable(Type.String()),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  /** Until when the secret before the last rotation still signs (both are sent). */
  previous_secret_expires_at: Nullable(Timestamp),
  failing_since: Nullable(Timestamp),
  disabled_at: Nullable(Timestamp),
  disabled_reason: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** Create and rotate answer the secret, once. */
export const WebhookEndpointWithSecret = Type.Composite([
  WebhookEndpoint,
  Type.Object({
    secret: Type.String({ description: '`whsec_` + base64 of 32 random bytes; shown only in this answer.' }),
  }),
]);

export const WebhookEndpointList = Type.Object({ endpoints: Type.Array(WebhookEndpoint) });
