import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CredentialsUnreadableError } from '../../config/credentials-cipher';
import { conflict, HttpError, type ValidationIssue } from '../errors';

const locationNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Turns every error into the contract's body; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'request failed');
      return reply.status(error.statusCode).headers(error.headers).send(error.body());
    }
    if (error instanceof CredentialsUnreadableError) {
      // The operator's problem (a rotated APP_SECRET without the re-encrypt command), shown to the user as a conflict.
      request.log.error({ err: error }, 'stored credentials cannot be decrypted');
      const refused = conflict(
        'credentials_unreadable',
        "The stored secrets of this configuration cannot be decrypted with the server's APP_SECRET; " +
          'enter them again (PUT the configuration with every secret field).',
      );
      return reply.status(refused.statusCode).send(refused.body());
    }
    if (error.validation) {
      const where = locationNames[error.validationContext ?? 'body'] ?? 'body';
      return reply.status(422).send({ detail: error.validation.map((issue) => toIssue(where, issue)) });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (error.statusCode === 400 && error.name === 'SyntaxError')
    ) {
      return reply
        .status(422)
        .send({ detail: [{ loc: ['body'], msg: 'Body is not valid JSON.', type: 'json_invalid' }] });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(422)
        .send({ detail: [{ loc: ['body'], msg: 'Body must not be empty.', type: 'missing' }] });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ detail: 'payload_too_large', message: 'The request body is larger than allowed.' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own codes (FST_ERR_CTP_INVALID_MEDIA_TYPE…) are internals: the status names the problem instead.
      const code = error.code && !error.code.startsWith('FST_') ? error.code : codeOfStatus(status);
      return reply.status(status).send({ detail: code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'internal_error', message: 'An unexpected error occurred.' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ detail: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  );
}

/** Errors the router answers before any route (Fastify's `frameworkErrors` option), in the contract's shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .status(414)
      .send({ detail: 'uri_too_long', message: 'A path segment is longer than allowed.' });
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .send({ detail: 'invalid_url', message: 'The path is not valid percent-encoded UTF-8.' });
  } else {
    void reply.status(500).send({ detail: 'internal_error', message: 'An unexpected error occurred.' });
  }
}

const clientErrors: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'request_header_fields_too_large',
    'The request headers are larger than allowed.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request was not received in time.'],
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (oversized headers, malformed requests, slow
 * clients): written on the socket as Node would, with the contract's body (Fastify's `clientErrorHandler` option).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail, message] = clientErrors[error.code ?? ''] ?? [
    400,
    'bad_request',
    'The request is not valid HTTP.',
  ];
  const body = JSON.stringify({ detail, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** `unsupported_media_type` for 415: the status text as a code. */
const codeOfStatus = (status: number) =>
  (STATUS_CODES[status] ?? 'Bad Request').toLowerCase().replace(/[^a-z]+/g, '_');

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function toIssue(where: string, issue: AjvIssue): ValidationIssue {
  const loc = [where, ...issue.instancePath.split('/').filter(Boolean)];
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    return { loc: [...loc, issue.params.missingProperty], msg: 'Field required', type: 'missing' };
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    return {
      loc: [...loc, issue.params.additionalProperty],
      msg: 'Extra inputs are not permitted',
      type: 'extra_forbidden',
    };
  }
  return { loc, msg: issue.message ?? 'Invalid value', type: issue.keyword };
}
