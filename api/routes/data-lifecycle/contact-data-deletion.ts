/** `POST /organizations/data-deletion`: everything the organization holds about one phone number. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  countCallsInProgressWithNumber,
  deletePhoneNumberData,
} from '../../../db/repositories/data-deletion';
import { conflict } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { countsOf, deleteWithObjects } from './deletion-transaction';
import { ContactDataDeletion, ContactDataDeletionBody, ErrorBody } from './schemas';
import { phoneNumberFieldE164 } from '../phone-number-field';

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
      const number = phoneNumberFieldE164(request.body.phone_number, ctx.config.defaultPhoneRegion);
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

export default contactDataDeletionRoutes;
