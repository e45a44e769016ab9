/**
 * A local Vonage: the Voice API `/v1/calls` with application JWTs (RS256, checked with the application's public
 * key), the Application API and the Numbers API (`/account/numbers`, `/number/update`) with basic auth, and
 * event webhooks signed as Vonage signed webhooks (HS256 JWT with
 * `payload_hash`). Advanced machine detection reports `machine` (then `beep_start` in `detect_beep` mode) among the
 * events; `PUT /v1/calls/:uuid` hangs a call up (`action: 'hangup'`) or records a transfer to a new NCCO
 * (`action: 'transfer'`, `destination: {type: 'ncco', ncco}`).
 */
import { createHash, createHmac, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { postWebhook, sleep, startHttpFake, type FakeRequest, type HttpFake } from './http-fake';
import { routeVonageNumbers } from './vonage-numbers-fake';

export interface VonageBehaviour {
  final: 'completed' | 'busy' | 'timeout' | 'failed' | 'rejected' | 'cancelled';
  detail?: string;
  machine?: boolean;
  dropFinal?: boolean;
  duplicateFinal?: boolean;
  /** An answered call stays up until it is hung up (`PUT /v1/calls/:uuid`, action hangup). */
  holdOpen?: boolean;
}

interface FakeCall {
  uuid: string;
  to: string;
  status: string;
  duration: number;
  eventUrl: string;
  body: Record<string, unknown>;
}

export interface VonageFake {
  url: string;
  applicationId: string;
  privateKey: string;
  apiKey: string;
  apiSecret: string;
  signatureSecret: string;
  http: HttpFake;
  calls: Map<string, FakeCall>;
  application: { name: string; capabilities: { voice: { webhooks: Record<string, { address: string }> } } };
  linked: Map<string, string>;
  /** The transfers asked of live calls, in order: the call's uuid and the NCCO it was moved to. */
  transfers: Array<{ uuid: string; ncco: unknown }>;
  behave(to: string, behaviour: VonageBehaviour): void;
  failNumberLinks(message: string | null): void;
  sign(body: string, secret?: string): string;
  /**
   * A call from `from` to one of the account's numbers: Vonage posts it (JSON, signed) to the answer URL of the
   * application the number is linked to, and plays the NCCO it gets back.
   */
  callInbound(to: string, from: string): Promise<{ status: number; text: string }>;
  /** A call in progress on the account (as an answered inbound call is), which `PUT /v1/calls/:uuid` can modify. */
  liveCall(to?: string): string;
  /**
   * What Vonage does once a placed call's NCCO is answered: posts the answer URL the call was placed with (signed
   * JSON naming the call), and returns the NCCO it got.
   */
  answer(uuid: string): Promise<{ status: number; text: string }>;
  /** The call ended (its NCCO ran out: the WebSocket closed): the final `completed` event with its duration. */
  ended(uuid: string, durationSeconds: number): Promise<void>;
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The `Authorization` of a Vonage signed webhook, or of the WebSocket handshake of an NCCO asking for
 * `authorization: {type: 'vonage'}` (the same JWT over an empty body): `Bearer` HS256 with the signature secret.
 */
export function vonageSigned(
  body: string,
  secret: string,
  apiKey: string,
  iat = Math.floor(Date.now() / 1000),
) {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const claims = Buffer.from(
    JSON.stringify({
      iat,
      jti: randomUUID(),
      payload_hash: createHash('sha256').update(body).digest('hex'),
      api_key: apiKey,
    }),
  ).toString('base64url');
  return `Bearer ${header}.${claims}.${createHmac('sha256', secret).update(`${header}.${claims}`).digest('base64url')}`;
}

export async function startVonageFake(
  options: { numbers?: Array<{ msisdn: string; country: string }> } = {},
): Promise<VonageFake> {
  const http = await startHttpFake();
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const applicationId = randomUUID();
  const apiKey = 'abcd1234';
  const apiSecret = 'vonage-api-secret';
  const signatureSecret = 'vonage-signature-secret-0123456789';
  const calls = new Map<string, FakeCall>();
  const linked = new Map<string, string>();
  const transfers: VonageFake['transfers'] = [];
  /** Inbound calls answered, by uuid: live until hung up (they have no event URL of ours). */
  const liveInbound = new Map<string, FakeCall>();
  const liveCall = (to = '+15005550000') => {
    const uuid = randomUUID();
    liveInbound.set(uuid, { uuid, to, status: 'answered', duration: 0, eventUrl: '', body: {} });
    return uuid;
  };
  const behaviours = new Map<string, VonageBehaviour>();
  const pending = new Set<Promise<void>>();
  const application = {
    name: 'voice agents',
    capabilities: { voice: { webhooks: {} as Record<string, { address: string }> } },
  };

  const sign: VonageFake['sign'] = (body, secret = signatureSecret) => vonageSigned(body, secret, apiKey);
  const validJwt = (authorization: string | undefined) => {
    const [header, claims, signature] = authorization?.replace(/^Bearer /, '').split('.') ?? [];
    if (!header || !claims || !signature) return false;
    if (
      !verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        keys.publicKey,
        Buffer.from(signature, 'base64url'),
      )
    )
      return false;
    return (
      (JSON.parse(Buffer.from(claims, 'base64url').toString()) as { application_id?: string })
        .application_id === applicationId
    );
  };
  const title = (status: number, text: string) => ({
    status,
    body: { type: 'https://developer.vonage.com/api-errors', title: text },
  });
  const withJwt =
    (handler: (request: FakeRequest) => ReturnType<Parameters<HttpFake['route']>[2]>) =>
    (request: FakeRequest) =>
      validJwt(request.headers.authorization) ? handler(request) : title(401, 'Invalid Token');
  const withAccount =
    (handler: (request: FakeRequest) => ReturnType<Parameters<HttpFake['route']>[2]>) =>
    (request: FakeRequest) =>
      request.headers.authorization === `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`
        ? handler(request)
        : title(401, 'Unauthorized');

  async function send(call: FakeCall, status: string, extra: Record<string, unknown> = {}) {
    call.status = status;
    const body = JSON.stringify({
      uuid: call.uuid,
      conversation_uuid: `CON-${call.uuid}`,
      status,
      direction: 'outbound',
      timestamp: new Date().toISOString(),
      to: call.to,
      ...extra,
    });
    await postWebhook(call.eventUrl, body, { 'content-type': 'application/json', authorization: sign(body) });
  }
  async function play(call: FakeCall, behaviour: VonageBehaviour) {
    await sleep(20);
    await send(call, 'started');
    await send(call, 'ringing');
    if (behaviour.final === 'completed') {
      await send(call, 'answered');
      const detection = call.body.advanced_machine_detection as { mode?: string } | undefined;
      if (detection && behaviour.machine) {
        await send(call, 'machine');
        if (detection.mode === 'detect_beep') await send(call, 'machine', { sub_state: 'beep_start' });
      }
      call.duration = 2;
      if (behaviour.holdOpen) return;
    }
    const extra = {
      duration: String(call.duration),
      ...(behaviour.detail ? { detail: behaviour.detail } : {}),
    };
    if (behaviour.dropFinal) {
      call.status = behaviour.final;
      return;
    }
    await send(call, behaviour.final, extra);
    if (behaviour.duplicateFinal) await send(call, behaviour.final, extra);
  }

  http.route(
    'POST',
    '/v1/calls',
    withJwt((request) => {
      const body = JSON.parse(request.rawBody) as { to: Array<{ number: string }>; event_url: string[] };
      const to = `+${body.to[0]!.number}`;
      const call: FakeCall = {
        uuid: randomUUID(),
        to,
        status: 'started',
        duration: 0,
        eventUrl: body.event_url[0]!,
        body,
      };
      calls.set(call.uuid, call);
      const work = play(call, behaviours.get(to) ?? { final: 'completed' });
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return {
        status: 201,
        body: {
          uuid: call.uuid,
          status: 'started',
          direction: 'outbound',
          conversation_uuid: `CON-${call.uuid}`,
        },
      };
    }),
  );
  http.route(
    'GET',
    '/v1/calls/:uuid',
    withJwt((request) => {
      const call = calls.get(request.params.uuid!);
      return call
        ? { status: 200, body: { uuid: call.uuid, status: call.status, duration: String(call.duration) } }
        : title(404, 'Not Found');
    }),
  );
  http.route(
    'PUT',
    '/v1/calls/:uuid',
    withJwt((request) => {
      const call = calls.get(request.params.uuid!) ?? liveInbound.get(request.params.uuid!);
      if (!call) return title(404, 'Not Found');
      const body = JSON.parse(request.rawBody) as {
        action?: string;
        destination?: { type?: string; ncco?: unknown };
      };
      if (body.action === 'transfer') {
        if (body.destination?.type !== 'ncco' || !Array.isArray(body.destination.ncco))
          return title(400, 'Invalid destination');
        transfers.push({ uuid: call.uuid, ncco: body.destination.ncco });
        return { status: 204, body: '' };
      }
      if (body.action !== 'hangup') return title(400, 'Invalid action');
      if (call.eventUrl) void send(call, 'completed', { duration: String(call.duration) });
      return { status: 204, body: '' };
    }),
  );
  http.route(
    'GET',
    `/v2/applications/${applicationId}`,
    withAccount(() => ({ status: 200, body: { id: applicationId, ...application } })),
  );
  http.route(
    'PUT',
    `/v2/applications/${applicationId}`,
    withAccount((request) => {
      Object.assign(application, JSON.parse(request.rawBody));
      return { status: 200, body: { id: applicationId, ...application } };
    }),
  );
  const numbers = routeVonageNumbers(http, { apiKey, apiSecret, owned: options.numbers ?? [], linked });

  return {
    url: http.url,
    applicationId,
    privateKey,
    apiKey,
    apiSecret,
    signatureSecret,
    http,
    calls,
    application,
    linked,
    transfers,
    liveCall,
    async answer(uuid) {
      const call = calls.get(uuid)!;
      const answerUrl = (call.body.answer_url as string[])[0]!;
      const body = JSON.stringify({
        uuid,
        conversation_uuid: `CON-${uuid}`,
        to: call.to.replace(/^\+/, ''),
        from: String((call.body.from as { number: string }).number),
        region_url: 'https://api-us-3.vonage.com',
      });
      return postWebhook(answerUrl, body, { 'content-type': 'application/json', authorization: sign(body) });
    },
    async ended(uuid, durationSeconds) {
      const call = calls.get(uuid)!;
      call.duration = durationSeconds;
      await send(call, 'completed', { duration: String(durationSeconds) });
    },
    behave: (to, behaviour) => behaviours.set(to, behaviour),
    failNumberLinks: (message) => numbers.failLinks(message),
    sign,
    async callInbound(to, from) {
      const msisdn = to.replace(/^\+/, '');
      const answerUrl = application.capabilities.voice.webhooks.answer_url?.address;
      if (linked.get(msisdn) !== applicationId || !answerUrl)
        throw new Error(`${to} is not linked to an application with an answer URL`);
      const uuid = liveCall(to);
      const body = JSON.stringify({
        uuid,
        conversation_uuid: `CON-${uuid}`,
        to: msisdn,
        from: from.replace(/^\+/, ''),
        region_url: 'https://api-us-3.vonage.com',
      });
      return postWebhook(answerUrl, body, { 'content-type': 'application/json', authorization: sign(body) });
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => http.close(),
  };
}
