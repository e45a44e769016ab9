/** Telephony configurations of the caller's organization and the phone numbers under each. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { TelephonyConfiguration } from '../../../db/database';
import { countConfigurationNumbers } from '../../../db/repositories/phone-numbers';
import { listTelephonyConfigurations } from '../../../db/repositories/telephony-configurations';
import { destinationPolicy } from '../../../net/outbound-destinations';
import { callerOf } from '../../plugins/authenticate';
import { createConfigurationService } from './configuration-service';
import { createPhoneNumberService } from './phone-number-service';
import phoneNumberRoutes from './phone-number-routes';
import { outboundReadiness } from './outbound-readiness';
import {
  ConfigParams,
  Configuration,
  ConfigurationList,
  CreateConfigurationBody,
  UpdateConfigurationBody,
} from './schemas';

const tags = ['Telephony configurations'];
const ErrorBody = Type.Object({ detail: Type.Unknown(), message: Type.Optional(Type.String()) });

const telephonyConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;
  const destinations = destinationPolicy(config.security.allowedPrivateDestinations);
  const configurations = createConfigurationService(db, config, destinations);
  const phoneNumbers = createPhoneNumberService(db, configurations, {
    defaultRegion: config.defaultPhoneRegion,
    environment: { publicBaseUrl: config.http.publicBaseUrl, destinations },
    logger: app.log,
  });
  const server = { simulatorEnabled: config.simulator.enabled };

  /** Configurations as clients see them, with Dograh's readiness fields (one query for all their numbers). */
  const describe = async (rows: TelephonyConfiguration[]) => {
    const numbers = await countConfigurationNumbers(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      // Decrypted once: the masked credentials and whether the configuration is usable both follow from it.
      const secrets = configurations.readableSecretsOf(row);
      return {
        ...configurations.present(row, secrets),
        ...outboundReadiness(row.provider, numbers.get(row.id), {
          ...server,
          credentialsReadable: secrets !== null,
        }),
      };
    });
  };
  const describeOne = async (row: TelephonyConfiguration) => (await describe([row]))[0]!;

  app.get(
    '/',
    { schema: { tags, summary: 'List telephony configurations', response: { 200: ConfigurationList } } },
    async (request) => {
      const caller = callerOf(request);
      const rows = await listTelephonyConfigurations(db, caller.organizationId);
      return { configurations: await describe(rows) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a telephony configuration',
        description:
          'Name unique within the organization (409 telephony_configuration_name_taken). ' +
          '`is_default_outbound: true` makes it the organization default and clears the previous one.',
        body: CreateConfigurationBody,
        response: { 201: Configuration, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const row = await configurations.create(caller.organizationId, request.body);
      return reply.status(201).send(await describeOne(row));
    },
  );

  app.get(
    '/:config_id',
    {
      schema: {
        tags,
        summary: 'Get a telephony configuration',
        params: ConfigParams,
        response: { 200: Configuration, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return describeOne(await configurations.get(caller.organizationId, request.params.config_id));
    },
  );

  app.put(
    '/:config_id',
    {
      schema: {
        tags,
        summary: 'Update a telephony configuration',
        description:
          'Partial: only the sent fields change; `config` (or `credentials`) fields are merged into the stored ones ' +
          'and `null` removes an optional field. A masked value equal to the stored mask keeps the secret, so a GET ' +
          'result sent back unchanged changes nothing (not even updated_at). The provider cannot change (422).',
        params: ConfigParams,
        body: UpdateConfigurationBody,
        response: { 200: Configuration, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await configurations.update(caller.organizationId, request.params.config_id, request.body);
      return describeOne(row);
    },
  );

  app.post(
    '/:config_id/set-default-outbound',
    {
      schema: {
        tags,
        summary: "Make a configuration the organization's default for outbound calls",
        description:
          "Dograh's route: the same as `PUT` with `{is_default_outbound: true}`. One-off calls without " +
          '`telephony_configuration_id` and campaigns created later without one use it; the previous default is ' +
          'cleared. Idempotent. Answers the configuration.',
        params: ConfigParams,
        response: { 200: Configuration, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await configurations.update(caller.organizationId, request.params.config_id, {
        is_default_outbound: true,
      });
      return describeOne(row);
    },
  );

  app.delete(
    '/:config_id',
    {
      schema: {
        tags,
        summary: 'Delete a telephony configuration and its phone numbers',
        description:
          '409 telephony_configuration_in_use while a campaign that is not completed or failed uses it. ' +
          'Answers the deleted configuration.',
        params: ConfigParams,
        response: { 200: Configuration, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await configurations.remove(caller.organizationId, request.params.config_id);
      return describeOne(row);
    },
  );

  await app.register(phoneNumberRoutes, { configurations, phoneNumbers });
};

export default telephonyConfigRoutes;
