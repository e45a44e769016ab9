import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { contactSourceKey, isCsvFileName } from '../../../storage/contact-sources';
import { callerOf } from '../../plugins/authenticate';
import { invalidField, payloadTooLarge } from '../../errors';

const CSV_CONTENT_TYPE = 'text/csv';

const PresignedUploadRequest = Type.Object({
  file_name: Type.String({
    minLength: 1,
    maxLength: 1024,
    description: 'Name of the CSV file; must end in .csv.',
  }),
  file_size: Type.Integer({ minimum: 1, description: 'Size of the file in bytes.' }),
});

const PresignedUploadResponse = Type.Object({
  upload_url: Type.String({ description: 'PUT the CSV bytes here with `Content-Type: text/csv`.' }),
  file_key: Type.String({ description: "The campaign's `source_id`." }),
  s3_key: Type.String({ description: 'The same as `file_key`.' }),
  expires_in: Type.Integer({ description: 'Seconds until the URL expires.' }),
});

/** Contact upload: a signed, expiring URL to PUT a CSV to, under the caller's organization prefix. */
const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/presigned-upload-url',
    {
      schema: {
        tags: ['contacts upload'],
        summary: 'Get a URL to upload a contacts CSV to',
        description:
          'PUT the file to `upload_url` with `Content-Type: text/csv` before it expires, then use `file_key` as the ' +
          "campaign's `source_id`. Files over the configured limit are refused with 413.",
        body: PresignedUploadRequest,
        response: { 200: PresignedUploadResponse },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { file_name: fileName, file_size: fileSize } = request.body;
      const { maxBytes, urlTtlSeconds } = app.ctx.config.uploads;
      if (!isCsvFileName(fileName)) {
        throw invalidField(['body', 'file_name'], 'file_name must end in .csv', 'value_error');
      }
      if (fileSize > maxBytes) {
        throw payloadTooLarge(`The file is larger than the upload limit of ${maxBytes} bytes.`);
      }
      const key = contactSourceKey(caller.organizationId, fileName);
      // The embedded store refuses more than the declared size; a presigned S3 PUT cannot carry a maximum.
      const uploadUrl = await app.ctx.storage.createUploadUrl({
        key,
        contentType: CSV_CONTENT_TYPE,
        maxBytes: fileSize,
        expiresInSeconds: urlTtlSeconds,
      });
      request.log.info({ file_key: key, file_size: fileSize }, 'contact upload url issued');
      return { upload_url: uploadUrl, file_key: key, s3_key: key, expires_in: urlTtlSeconds };
    },
  );
};

export default uploadRoutes;
