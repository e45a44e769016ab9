/**
 * A local Telnyx Call Control API (v2): calls, hangup action, phone numbers and Call Control applications with
 * Bearer authentication, and call webhooks signed with ed25519 (`telnyx-signature-ed25519`, `telnyx-timestamp`).
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { postWebhook, sleep, startHttpFake, type FakeRequest, type HttpFake } from './http-fake';

export interface TelnyxBehaviour {
  hangupCause: string;
  answer?: boolean;
  /** AMD verdict, sent when the call asked for detection. */
  amdResult?: 'human' | 'machine';
  dropHangup?: boolean;
  duplicateHangup?: boolean;
}

interface FakeCall {
  id: string;
  to: string;
  webhookUrl: string;
  clientState: string | null;
  amd: boolean;
  alive: boolean;
  duration: number;
  body: Record<string, unknown>;
}

export interface TelnyxFake {
  url: string;
  apiKey: string;
  publicKey: string;
  http: HttpFake;
  calls: Map<string, FakeCall>;
  numbers: Map<string, { id: string; phone_number: string; connection_id: string }>;
  applications: Map<string, { webhook_event_url: string }>;
  behave(to: string, behaviour: TelnyxBehaviour | TelnyxBehaviour[]): void;
  failNumberUpdates(detail: string | null): void;
  /** Signs a body as Telnyx would (tests forge with another key). */
  signWith(
    privateKey: ReturnType<typeof generateKeyPairSync>['privateKey'] | null,
    body: string,
  ): Record<string, string>;
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startTelnyxFake(options: { numbers?: string[] } = {}): Promise<TelnyxFake> {
  const http = await startHttpFake();
  const apiKey = `KEY${randomUUID().replace(/-/g, '')}`;
  const keys = generateKeyPairSync('ed25519');
  const publicKey = (keys.publicKey.export({ format: 'der', type: 'spki' }) as Buffer)
    .subarray(12)
    .toString('base64');
  const calls = new Map<string, FakeCall>();
  const numbers = new Map<string, { id: string; phone_number: string; connection_id: string }>();
  for (const n of options.numbers ?? [])
    numbers.set(n, { id: randomUUID(), phone_number: n, connection_id: '' });
  const applications = new Map<string, { webhook_event_url: string }>();
  const behaviours = new Map<string, TelnyxBehaviour[]>();
  const placedTo = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let numberError: string | null = null;

  const signWith: TelnyxFake['signWith'] = (privateKey, body) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign(null, Buffer.from(`${timestamp}|${body}`), privateKey ?? keys.privateKey).toString(
      'base64',
    );
    return {
      'content-type': 'application/json',
      'telnyx-signature-ed25519': signature,
      'telnyx-timestamp': timestamp,
    };
  };
  const error = (status: number, code: string, title: string, detail: string) => ({
    status,
    body: { errors: [{ code, title, detail }] },
  });
  const guarded =
    (handler: (request: FakeRequest) => ReturnType<Parameters<HttpFake['route']>[2]>) =>
    (request: FakeRequest) =>
      request.headers.authorization === `Bearer ${apiKey}`
        ? handler(request)
        : error(401, '10009', 'Authentication failed', 'The API key is invalid.');

  async function send(call: FakeCall, eventType: string, extra: Record<string, unknown> = {}) {
    const body = JSON.stringify({
      data: {
        record_type: 'event',
        event_type: eventType,
        id: randomUUID(),
        occurred_at: new Date().toISOString(),
        payload: {
          call_control_id: call.id,
          client_state: call.clientState,
          to: call.to,
          direction: 'outgoing',
          ...extra,
        },
      },
      meta: { attempt: 1, delivered_to: call.webhookUrl },
    });
    await postWebhook(call.webhookUrl, body, signWith(null, body));
  }
  async function play(call: FakeCall, behaviour: TelnyxBehaviour) {
    await sleep(20);
    await send(call, 'call.initiated');
    const start = new Date().toISOString();
    if (behaviour.answer) {
      await send(call, 'call.answered');
      if (call.amd)
        await send(call, 'call.machine.detection.ended', { result: behaviour.amdResult ?? 'human' });
      await sleep(1100);
      call.duration = 1;
    }
    call.alive = false;
    if (behaviour.dropHangup) return;
    const hangup = {
      hangup_cause: behaviour.hangupCause,
      hangup_source: behaviour.answer ? 'callee' : 'unknown',
      sip_hangup_cause: behaviour.hangupCause === 'user_busy' ? '486' : behaviour.answer ? '200' : '480',
      start_time: behaviour.answer ? start : undefined,
      end_time: new Date().toISOString(),
    };
    await send(call, 'call.hangup', hangup);
    if (behaviour.duplicateHangup) await send(call, 'call.hangup', hangup);
  }

  http.route(
    'POST',
    '/v2/calls',
    guarded((request) => {
      const body = JSON.parse(request.rawBody) as Record<string, unknown>;
      if (!body.connection_id || !body.to || !body.from)
        return error(422, '10015', 'Invalid parameter', 'connection_id, to and from are required');
      const to = String(body.to);
      const call: FakeCall = {
        id: `v3:${randomUUID()}`,
        to,
        webhookUrl: String(body.webhook_url),
        clientState: (body.client_state as string) ?? null,
        amd: body.answering_machine_detection === 'detect',
        alive: true,
        duration: 0,
        body,
      };
      calls.set(call.id, call);
      const list = behaviours.get(to) ?? [{ hangupCause: 'normal_clearing', answer: true }];
      const n = placedTo.get(to) ?? 0;
      placedTo.set(to, n + 1);
      const work = play(call, list[Math.min(n, list.length - 1)]!);
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return {
        status: 200,
        body: {
          data: {
            call_control_id: call.id,
            call_leg_id: randomUUID(),
            call_session_id: randomUUID(),
            is_alive: true,
            record_type: 'call',
          },
        },
      };
    }),
  );
  http.route(
    'GET',
    '/v2/calls/:id',
    guarded((request) => {
      const call = calls.get(request.params.id!);
      if (!call) return error(404, '10005', 'Resource not found', 'Call not found');
      return {
        status: 200,
        body: {
          data: {
            call_control_id: call.id,
            is_alive: call.alive,
            call_duration: call.duration,
            record_type: 'call',
          },
        },
      };
    }),
  );
  http.route(
    'POST',
    '/v2/calls/:id/actions/hangup',
    guarded((request) => {
      const call = calls.get(request.params.id!);
      if (!call) return error(404, '10005', 'Resource not found', 'Call not found');
      return { status: 200, body: { data: { result: 'ok' } } };
    }),
  );
  http.route(
    'GET',
    '/v2/phone_numbers',
    guarded((request) => {
      const wanted = request.query.get('filter[phone_number]');
      return { status: 200, body: { data: [...numbers.values()].filter((n) => n.phone_number === wanted) } };
    }),
  );
  http.route(
    'PATCH',
    '/v2/phone_numbers/:id',
    guarded((request) => {
      const number = [...numbers.values()].find((n) => n.id === request.params.id);
      if (!number) return error(404, '10005', 'Resource not found', 'Phone number not found');
      if (numberError) return error(422, '10015', 'Invalid parameter', numberError);
      number.connection_id = String((JSON.parse(request.rawBody) as { connection_id: string }).connection_id);
      return { status: 200, body: { data: number } };
    }),
  );
  http.route(
    'PATCH',
    '/v2/call_control_applications/:id',
    guarded((request) => {
      applications.set(request.params.id!, JSON.parse(request.rawBody) as { webhook_event_url: string });
      return {
        status: 200,
        body: { data: { id: request.params.id, ...applications.get(request.params.id!) } },
      };
    }),
  );

  return {
    url: http.url,
    apiKey,
    publicKey,
    http,
    calls,
    numbers,
    applications,
    behave: (to, behaviour) => behaviours.set(to, Array.isArray(behaviour) ? behaviour : [behaviour]),
    failNumberUpdates: (detail) => (numberError = detail),
    signWith,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => http.close(),
  };
}
