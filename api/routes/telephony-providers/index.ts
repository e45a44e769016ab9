/** The telephony providers this service supports and the configuration fields of each. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PROVIDERS } from '../../../providers/catalogue';

const Field = Type.Object({
  name: Type.String(),
  label: Type.String(),
  type: Type.Union([
    Type.Literal('string'),
    Type.Literal('url'),
    Type.Literal('number'),
    Type.Literal('boolean'),
    Type.Literal('object'),
  ]),
  required: Type.Boolean(),
  sensitive: Type.Boolean(),
  description: Type.Optional(Type.String()),
  default: Type.Optional(Type.Union([Type.Number(), Type.Boolean()])),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  exclusiveMinimum: Type.Optional(Type.Number()),
});

const ProvidersMetadata = Type.Object({
  providers: Type.Array(
    Type.Object({ provider: Type.String(), display_name: Type.String(), fields: Type.Array(Field) }),
  ),
});

const telephonyProviderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/metadata',
    {
      schema: {
        tags: ['Telephony configurations'],
        summary: 'List the supported telephony providers and their configuration fields',
        description:
          'Sensitive fields are encrypted at rest and returned masked by the configuration endpoints.',
        response: { 200: ProvidersMetadata },
      },
    },
    async () => ({
      providers: PROVIDERS.map(({ provider, display_name, fields }) => ({
        provider,
        display_name,
        fields: fields.map(({ check: _check, ...field }) => field),
      })),
    }),
  );
};

export default telephonyProviderRoutes;
