/** `/organizations/do-not-call`: the organization's do-not-call list (list, add, remove, CSV import and export). */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  addDoNotCallNumbers,
  eachDoNotCallEntry,
  pageDoNotCallEntries,
  removeDoNotCallNumber,
  type DoNotCallEntry as Entry,
} from '../../../db/repositories/do-not-call';
import { csvLine, EXPORT_COLUMNS } from '../../../domain/do-not-call-csv';
import { parseDoNotCallNumber } from '../../../domain/do-not-call-numbers';
import type { Caller } from '../../context';
import { HttpError, invalidField } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { importDoNotCallFile } from './import';
import {
  AddDoNotCallBody,
  AddDoNotCallResult,
  DoNotCallList,
  DoNotCallListQuery,
  DoNotCallNumberParams,
  ErrorBody,
  ImportDoNotCallBody,
  ImportDoNotCallResult,
} from './schemas';

const tags = ['calling safety'];

const present = (entry: Entry) => ({
  number: entry.number,
  reason: entry.reason,
  source: entry.source,
  run_id: entry.run_id,
  added_by: entry.added_by,
  created_at: entry.created_at.toISOString(),
});

/** Who added an entry: the API key when one was used, else the signed-in user. */
const addedByOf = (caller: Caller) =>
  caller.apiKeyId !== null
    ? `api_key:${caller.apiKeyId}`
    : caller.userId !== null
      ? `user:${caller.userId}`
      : null;

/** The digits a search asks for; 422 for anything but digits and the separators people type. */
function searchDigits(search: string | undefined): string | null {
  if (search === undefined || search.trim() === '') return null;
  if (!/^[\d\s+().-]+$/.test(search))
    throw invalidField(['query', 'search'], 'search holds digits (and spaces, +, -, ., parentheses) only');
  return search.replace(/\D/g, '') || null;
}

const notListed = () => new HttpError(404, 'do_not_call_entry_not_found', 'The number is not on the list.');

const doNotCallRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, storage, config } = app.ctx;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "Page the organization's do-not-call list, newest first",
        querystring: DoNotCallListQuery,
        response: { 200: DoNotCallList, 422: ErrorBody },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { entries, total } = await pageDoNotCallEntries(db, callerOf(request).organizationId, {
        digits: searchDigits(search),
        page,
        limit,
      });
      return { entries: entries.map(present), total_count: total, page, limit };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add numbers to the do-not-call list',
        description:
          'Numbers are parsed as contact numbers are (E.164, or national in the default region). Adding a listed ' +
          'number changes nothing (it is reported in `already_listed`); invalid numbers are reported, the others ' +
          'added. From the next claim on, no campaign or one-off call of the organization dials a listed number.',
        body: AddDoNotCallBody,
        response: { 201: AddDoNotCallResult, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const invalid: Array<{ number: string; error: string }> = [];
      const numbers: Array<{ number: string; reason: string | null }> = [];
      for (const raw of request.body.numbers) {
        const parsed = parseDoNotCallNumber(raw, config.defaultPhoneRegion);
        if ('error' in parsed) invalid.push({ number: raw, error: parsed.error });
        else numbers.push({ number: parsed.number, reason: request.body.reason ?? null });
      }
      const result = await addDoNotCallNumbers(db, {
        organizationId: caller.organizationId,
        numbers,
        source: 'api',
        addedBy: addedByOf(caller),
      });
      request.log.info(
        { added: result.added.length, already_listed: result.alreadyListed.length, invalid: invalid.length },
        'numbers added to the do-not-call list',
      );
      return reply.status(201).send({ added: result.added, already_listed: result.alreadyListed, invalid });
    },
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary: 'Add the numbers of an uploaded CSV to the do-not-call list',
        description:
          'Upload the file through `POST /s3/presigned-upload-url` first. The number is read from a `phone_number` ' +
          'or `number` column, else the first column (a first row that is a number is data); an optional `reason` ' +
          "column (else the body's `reason`). 404 `source_not_found` for a key outside the organization or absent; " +
          '422 `invalid_csv` for a file that is not CSV (the rows before are listed).',
        body: ImportDoNotCallBody,
        response: { 200: ImportDoNotCallResult, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const counts = await importDoNotCallFile(
        { db, storage, defaultRegion: config.defaultPhoneRegion, log: request.log },
        {
          organizationId: caller.organizationId,
          fileKey: request.body.file_key,
          reason: request.body.reason ?? null,
          addedBy: addedByOf(caller),
        },
      );
      request.log.info(
        {
          file_key: request.body.file_key,
          added: counts.added,
          already_listed: counts.already_listed,
          invalid: counts.invalid,
        },
        'do-not-call list imported',
      );
      return counts;
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'Download the do-not-call list as CSV',
        description:
          `Columns ${EXPORT_COLUMNS.join(', ')}, in the order numbers were added. Safe to open in a spreadsheet: a ` +
          'cell starting with =, +, -, @, tab or carriage return is written with a leading apostrophe (so every ' +
          "number reads `'+14155550123`); the import takes it off again.",
        // Streamed, never serialised: the schema documents the media type only.
        response: {
          200: Type.Unsafe<Readable>({
            description: 'The list as CSV.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
        },
      },
    },
    async (request, reply) => {
      const { organizationId } = callerOf(request);
      async function* lines() {
        yield csvLine(EXPORT_COLUMNS);
        for await (const entry of eachDoNotCallEntry(db, organizationId))
          yield csvLine([
            entry.number,
            entry.reason,
            entry.source,
            entry.run_id,
            entry.created_at.toISOString(),
          ]);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="do-not-call.csv"')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines()));
    },
  );

  app.delete(
    '/:number',
    {
      schema: {
        tags,
        summary: 'Take a number off the do-not-call list',
        description: '204; 404 `do_not_call_entry_not_found` when the number is not on the list.',
        params: DoNotCallNumberParams,
        response: { 204: Type.Null(), 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { organizationId } = callerOf(request);
      const parsed = parseDoNotCallNumber(request.params.number, config.defaultPhoneRegion);
      // A path that is no phone number names no entry.
      if ('error' in parsed || !(await removeDoNotCallNumber(db, organizationId, parsed.number)))
        throw notListed();
      request.log.info({ number: parsed.number }, 'number taken off the do-not-call list');
      return reply.status(204).send(null);
    },
  );
};

export default doNotCallRoutes;
