/** `POST /organizations/data-deletion`: everything the organization holds about one phone number. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
  countCallsInProgressWithNumber,
  deletePhoneNumberData,
} from '../../../db/repositories/data-deletion';
import { conflict, invalidField } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { countsOf, deleteWithObjects } from './deletion-transaction';
import { ContactDataDeletion, ContactDataDeletionBody, ErrorBody } from './schemas';

const contactDataDeletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    '/',
    {
      schema: {
        tags: ['data lifecycle'],
        summary:
          "Delete a person's data by phone number: contacts, attempts and runs (called or calling) with their artifacts",
        body: ContactDataDeletionBody,
        response: { 200: ContactDataDeletion, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const number = e164Of(request.body.phone_number, ctx.config.defaultPhoneRegion);
      const deleted = await deleteWithObjects(ctx, organizationId, async (trx) => {
        if ((await countCallsInProgressWithNumber(trx, organizationId, number)) > 0)
          throw conflict(
            'run_in_progress',
            'A call with this number is in progress; ask again once it has ended.',
          );
        const rows = await deletePhoneNumberData(trx, organizationId, number);
        return { result: rows, objects: { keys: rows.objectKeys } };
      });
      request.log.info(countsOf(deleted), 'phone number data deleted');
      return { phone_number: number, deleted: countsOf(deleted) };
    },
  );
};

/** The number in E.164 as contact numbers are stored (national numbers read in DEFAULT_PHONE_REGION); 422 otherwise. */
function e164Of(raw: string, defaultRegion: string): string {
  const parsed = parsePhoneNumberFromString(raw.trim(), defaultRegion as CountryCode);
  if (!parsed?.isValid())
    throw invalidField(
      ['body', 'phone_number'],
      `Input should be a valid phone number (E.164, or national in region ${defaultRegion})`,
      'value_error.phone_number',
    );
  return parsed.number;
}

export default contactDataDeletionRoutes;
