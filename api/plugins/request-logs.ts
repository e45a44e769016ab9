import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's own request log lines with the service's snake_case keys: `request_id` on every line of a request and
 * `response_time` (ms) on its last. The other lines Fastify writes already use keys our serializers rename
 * (`req`, `res`: config/logger.ts).
 */
export class RequestLogs extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ res: reply, err: error, response_time: reply.elapsedTime }, 'request errored');
    else reply.log.info({ res: reply, response_time: reply.elapsedTime }, 'request completed');
  }

  override serializerError(
    error: Error,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata: { statusCode: number },
  ): void {
    if (this.isLogDisabled(request)) return;
    reply.log.error(
      { err: error, status_code: metadata.statusCode },
      'The serializer for the given status code failed',
    );
  }
}
