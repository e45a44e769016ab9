import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CALL_OUTCOMES } from '../../../domain/outcomes';
import { simulatedCallsTalk } from '../../../simulator/answered-calls';
import { isSimulatorApiToken } from '../../../simulator/auth';
import { talksWithoutLlm } from '../../../simulator/scripted-calls';
import { isTransferDestination } from '../../../agents/transfer';
import {
  countPriorCalls,
  findCall,
  findCallsByAttempt,
  insertCall,
  recordTransfer,
  statusReport,
} from '../../../simulator/calls';
import { announceTransfer } from '../../../simulator/transfers';
import { simulateCall } from '../../../simulator/outcome';
import { HttpError, invalidField, unauthorized } from '../../errors';
import { Id } from '../common-schemas';

const Report = Type.Object({
  CallSid: Type.String(),
  AttemptRef: Type.String(),
  CallStatus: Type.String(),
  AnsweredBy: Type.Union([Type.String(), Type.Null()]),
  CallDuration: Type.Number(),
  SipResponseCode: Type.Union([Type.Number(), Type.Null()]),
});

const PlaceCallBody = Type.Object({
  configuration_id: Id(),
  attempt_ref: Type.String({ minLength: 1, maxLength: 200 }),
  to: Type.String({ minLength: 2, maxLength: 64 }),
  from: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  status_callback_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  ring_timeout_seconds: Type.Number({ minimum: 0 }),
  max_call_duration_seconds: Type.Number({ minimum: 0 }),
  settings: Type.Object({
    ring_seconds: Type.Number({ minimum: 0 }),
    talk_seconds: Type.Number({ minimum: 0 }),
    script: Type.Optional(
      Type.Union([
        Type.Record(Type.String(), Type.Array(Type.Union(CALL_OUTCOMES.map((o) => Type.Literal(o))))),
        Type.Null(),
      ]),
    ),
    drop_callback_rate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  }),
});

/** A transfer of a talking call (the provider's transferCall): where to, and the caller id to show. */
const TransferBody = Type.Object({
  destination: Type.String({ minLength: 1, maxLength: 256 }),
  caller_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});

/**
 * The simulator provider's "cloud": a vendor-like calls API inside the API process, used by workers through the
 * provider interface. Only this deployment's own services (holding the derived token) may call it.
 */
const simulatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db } = app.ctx;
  // On request, before the body is parsed or validated: without the token nothing about the body is answered.
  app.addHook('onRequest', async (request) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !isSimulatorApiToken(config, presented))
      throw unauthorized('Simulator calls need the deployment token.');
  });
  const schema = { tags: ['simulator'], hide: true };

  app.post(
    '/calls',
    { config: { public: true }, schema: { ...schema, body: PlaceCallBody, response: { 201: Report } } },
    async (request, reply) => {
      const body = request.body;
      if (body.status_callback_url && !body.status_callback_url.startsWith(`${config.http.publicBaseUrl}/`)) {
        throw invalidField(['body', 'status_callback_url'], 'Status callbacks go to this deployment only.');
      }
      const prior = await countPriorCalls(db, body.configuration_id, body.to);
      const settings = {
        ringSeconds: body.settings.ring_seconds,
        talkSeconds: body.settings.talk_seconds,
        script: body.settings.script ?? null,
      };
      const simulated = simulateCall(body.to, prior, settings, {
        ringTimeoutSeconds: body.ring_timeout_seconds,
        maxCallDurationSeconds: body.max_call_duration_seconds,
      });
      const refused = simulated.outcome === 'error';
      const row = await insertCall(db, {
        configurationId: body.configuration_id,
        attemptRef: body.attempt_ref,
        to: body.to,
        from: body.from ?? null,
        statusCallbackUrl: body.status_callback_url ?? null,
        call: refused ? null : simulated,
        dropCallback: Math.random() < (body.settings.drop_callback_rate ?? 0),
        // The agent is played by the deployment the call reports to (see answered-calls.ts).
        // Without an LLM, only a scripted callee and a scripted-only agent can talk (scripted-calls.ts).
        converses:
          Boolean(body.status_callback_url) &&
          (simulatedCallsTalk(config) || (await talksWithoutLlm(db, body.attempt_ref))),
      });
      request.log.info(
        { call_sid: row.call_sid, attempt_ref: row.attempt_ref, outcome: row.outcome },
        'simulator call placed',
      );
      // A scripted `error` plays a provider whose API fails: the request is recorded, no call is made.
      if (refused)
        throw new HttpError(503, 'provider_unavailable', 'The simulated provider refused the call.');
      return reply.status(201).send(statusReport(row));
    },
  );

  app.get(
    '/calls/:sid',
    {
      config: { public: true },
      schema: { ...schema, params: Type.Object({ sid: Type.String() }), response: { 200: Report } },
    },
    async (request) => {
      const row = await findCall(db, request.params.sid);
      if (!row) throw new HttpError(404, 'call_not_found', 'The simulator has no call with that sid.');
      return statusReport(row);
    },
  );

  app.post(
    '/calls/:sid/transfer',
    {
      config: { public: true },
      schema: {
        ...schema,
        params: Type.Object({ sid: Type.String() }),
        body: TransferBody,
        response: { 200: Type.Object({ call_sid: Type.String(), transferred_to: Type.String() }) },
      },
    },
    async (request) => {
      const { destination } = request.body;
      if (!isTransferDestination(destination))
        throw invalidField(['body', 'destination'], 'destination must be an E.164 number or a SIP URI.');
      const row = await recordTransfer(db, request.params.sid, destination);
      if (!row) {
        if (!(await findCall(db, request.params.sid)))
          throw new HttpError(404, 'call_not_found', 'The simulator has no call with that sid.');
        throw new HttpError(
          409,
          'call_not_in_progress',
          'The call is not talking: it cannot be transferred.',
        );
      }
      const heard = announceTransfer(row.call_sid, destination);
      request.log.info(
        { call_sid: row.call_sid, attempt_ref: row.attempt_ref, destination, callee_told: heard },
        'simulator call transferred',
      );
      return { call_sid: row.call_sid, transferred_to: destination };
    },
  );

  app.get(
    '/calls',
    {
      config: { public: true },
      schema: {
        ...schema,
        querystring: Type.Object({ attempt_ref: Type.String({ minLength: 1 }) }),
        response: { 200: Type.Object({ calls: Type.Array(Report) }) },
      },
    },
    async (request) => {
      const rows = await findCallsByAttempt(db, request.query.attempt_ref);
      return { calls: rows.filter((row) => row.status !== 'rejected').map((row) => statusReport(row)) };
    },
  );
};

export default simulatorRoutes;
