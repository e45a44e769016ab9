/** Phone numbers under `/{config_id}/phone-numbers`: addresses, default caller id and inbound binding. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { listPhoneNumbers } from '../../../db/repositories/phone-numbers';
import { callerOf } from '../../plugins/authenticate';
import type { ConfigurationService } from './configuration-service';
import type { createPhoneNumberService } from './phone-number-service';
import {
  ConfigParams,
  CreatePhoneNumberBody,
  PhoneNumber,
  PhoneNumberList,
  PhoneNumberParams,
  UpdatePhoneNumberBody,
} from './schemas';

const tags = ['Phone numbers'];
const ErrorBody = Type.Object({ detail: Type.Unknown(), message: Type.Optional(Type.String()) });
const base = '/:config_id/phone-numbers';

interface Options {
  configurations: ConfigurationService;
  phoneNumbers: ReturnType<typeof createPhoneNumberService>;
}

const phoneNumberRoutes: FastifyPluginAsyncTypebox<Options> = async (
  app,
  { configurations, phoneNumbers },
) => {
  const { db } = app.ctx;

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'List the phone numbers of a configuration',
        params: ConfigParams,
        response: { 200: PhoneNumberList, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const configuration = await configurations.get(caller.organizationId, request.params.config_id);
      const rows = await listPhoneNumbers(db, caller.organizationId, configuration.id);
      return { phone_numbers: rows.map((row) => phoneNumbers.present(row)) };
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Add a phone number to a configuration',
        description:
          '`address` is a phone number (normalised to E.164 with `country_code` or the default region) or a ' +
          '`sip:` URI. The same address twice in one organization is 409 phone_number_already_exists. ' +
          '`inbound_workflow_id` binds inbound calls to an active agent and syncs the provider (`provider_sync`).',
        params: ConfigParams,
        body: CreatePhoneNumberBody,
        response: { 201: PhoneNumber, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const created = await phoneNumbers.create(
        caller.organizationId,
        request.params.config_id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    `${base}/:phone_number_id`,
    {
      schema: {
        tags,
        summary: 'Get a phone number',
        params: PhoneNumberParams,
        response: { 200: PhoneNumber, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { config_id, phone_number_id } = request.params;
      return phoneNumbers.present(await phoneNumbers.get(caller.organizationId, config_id, phone_number_id));
    },
  );

  app.put(
    `${base}/:phone_number_id`,
    {
      schema: {
        tags,
        summary: 'Update a phone number',
        description:
          'Partial: label, inbound binding, is_active, extra_metadata. `address` cannot change (422). ' +
          '`clear_inbound_workflow: true` unbinds; `inbound_workflow_id: null` alone changes nothing. A change of ' +
          'binding re-syncs the inbound webhook with the provider; the result is in `provider_sync`.',
        params: PhoneNumberParams,
        body: UpdatePhoneNumberBody,
        response: { 200: PhoneNumber, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { config_id, phone_number_id } = request.params;
      return phoneNumbers.update(caller.organizationId, config_id, phone_number_id, request.body);
    },
  );

  app.delete(
    `${base}/:phone_number_id`,
    {
      schema: {
        tags,
        summary: 'Delete a phone number',
        description:
          'Answers the deleted number; a bound number is unbound at the provider first (`provider_sync`).',
        params: PhoneNumberParams,
        response: { 200: PhoneNumber, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { config_id, phone_number_id } = request.params;
      return phoneNumbers.remove(caller.organizationId, config_id, phone_number_id);
    },
  );

  app.post(
    `${base}/:phone_number_id/set-default-caller`,
    {
      schema: {
        tags,
        summary: 'Make a phone number the default caller id of its configuration',
        description:
          'Clears the previous default: at most one number per configuration is the default caller.',
        params: PhoneNumberParams,
        response: { 200: PhoneNumber, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { config_id, phone_number_id } = request.params;
      return phoneNumbers.setDefaultCaller(caller.organizationId, config_id, phone_number_id);
    },
  );
};

export default phoneNumberRoutes;
