import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, type ValidationIssue } from '../errors';

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
      return reply.status(error.statusCode).send(error.body());
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
    if (status < 500)
      return reply.status(status).send({ detail: error.code ?? 'bad_request', message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'internal_error', message: 'An unexpected error occurred.' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ detail: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  );
}

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
