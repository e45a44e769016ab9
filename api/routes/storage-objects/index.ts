import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { EmbeddedStorage, ObjectTooLargeError } from '../../../storage/embedded-storage';
import { ObjectNotFoundError } from '../../../storage/object-storage';
import { HttpError, notFound, payloadTooLarge } from '../../errors';
import { contentTypeOf, keyOf, mediaTypeMatches, signedRequestOf } from './signed-request';

const SignedQuery = Type.Object({
  expires: Type.Optional(Type.String()),
  signature: Type.Optional(Type.String()),
  max_bytes: Type.Optional(Type.String()),
  content_type: Type.Optional(Type.String()),
});

const UploadAccepted = Type.Object({ file_key: Type.String(), size: Type.Integer() });

/**
 * The embedded store's signed URLs: PUT streams an upload to disk, GET streams an object back.
 * Public routes: the HMAC signature in the query is the credential. Only mounted with the embedded store.
 */
const storageObjectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const storage = app.ctx.storage;
  if (!(storage instanceof EmbeddedStorage)) return;

  // The body is the object itself: hand the raw stream to the handler instead of buffering or parsing it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(
    '/*',
    {
      config: { public: true },
      bodyLimit: Math.max(app.ctx.config.uploads.maxBytes, app.ctx.config.http.bodyLimitBytes),
      schema: {
        tags: ['contacts upload'],
        summary: 'Upload target of a signed URL (embedded storage)',
        description:
          'The `upload_url` of `POST /s3/presigned-upload-url` when no S3 bucket is configured. ' +
          'Send the bytes with the signed `Content-Type`; the signature and expiry are checked.',
        security: [],
        querystring: SignedQuery,
        response: { 200: UploadAccepted },
      },
    },
    async (request, reply) => {
      const signed = verifiedRequest(storage, request, 'PUT');
      const contentType = request.headers['content-type'];
      if (!mediaTypeMatches(contentType, signed.contentType)) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          `This URL accepts Content-Type: ${signed.contentType} only.`,
        );
      }
      const declaredLength = Number(request.headers['content-length']);
      if (Number.isFinite(declaredLength) && declaredLength > signed.maxBytes)
        throw tooLarge(reply, signed.maxBytes);
      const body = (request.body as Readable | undefined) ?? request.raw;
      try {
        const size = await storage.writeObject(signed.key, body, signed.maxBytes);
        request.log.info({ file_key: signed.key, size }, 'object uploaded');
        return { file_key: signed.key, size };
      } catch (error) {
        if (error instanceof ObjectTooLargeError) throw tooLarge(reply, signed.maxBytes);
        throw error;
      }
    },
  );

  app.get(
    '/*',
    {
      config: { public: true },
      schema: {
        tags: ['storage'],
        summary: 'Download target of a signed URL (embedded storage)',
        security: [],
        querystring: SignedQuery,
      },
    },
    async (request, reply) => {
      const signed = verifiedRequest(storage, request, 'GET');
      try {
        const stream = await storage.getObjectStream(signed.key);
        return reply.type(contentTypeOf(signed.key)).send(stream);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw notFound('object');
        throw error;
      }
    },
  );
};

function verifiedRequest(storage: EmbeddedStorage, request: FastifyRequest, method: 'PUT' | 'GET') {
  const parsed = signedRequestOf(
    method,
    keyOf(request.url),
    request.query as Record<string, string | undefined>,
  );
  const verdict = parsed ? storage.verify(parsed.request, parsed.signature) : 'invalid';
  if (verdict === 'invalid' || !parsed) {
    throw new HttpError(403, 'invalid_signature', 'The URL signature is missing or does not match.');
  }
  if (verdict === 'expired') {
    const code = method === 'PUT' ? 'upload_url_expired' : 'download_url_expired';
    throw new HttpError(403, code, 'This signed URL has expired; request a new one.');
  }
  return parsed.request;
}

// The rest of the body is left unread: closing the connection after the 413 spares reading it to the end.
function tooLarge(reply: FastifyReply, maxBytes: number) {
  reply.header('connection', 'close');
  return payloadTooLarge(`This URL accepts at most ${maxBytes} bytes.`);
}

export default storageObjectRoutes;
