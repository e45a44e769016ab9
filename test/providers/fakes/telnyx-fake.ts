/**
 * A local Telnyx Call Control API (v2): calls, call commands (answer, speak, hangup, transfer), phone numbers and Call
 * Control applications with Bearer authentication, and call webhooks signed with ed25519
 * (`telnyx-signature-ed25519`, `telnyx-timestamp`): to the call's `webhook_url` for outbound calls, to the
 * application's `webhook_event_url` for calls arriving at a number. A call that asked for a media stream
 * (`stream_url` on the dial or the answer) gets it when answered, as Telnyx opens it (telnyx-media-fake.ts), with
 * `streaming.started`, `streaming.failed` or `streaming.stopped` reported; ending the call stops its stream, and
 * closing the stream does not end the call.
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { postWebhook, sleep, startHttpFake, type FakeRequest, type HttpFake } from './http-fake';
import { callStreams, type TelnyxMediaFake } from './telnyx-media-fake';

export interface TelnyxBehaviour {
  hangupCause: string;
  answer?: boolean;
  /** AMD verdict, sent when the call asked for detection. */
  amdResult?: 'human' | 'machine';
  dropHangup?: boolean;
  duplicateHangup?: boolean;
  /** An answered call stays up until it is hung up with the `hangup` command. */
  holdOpen?: boolean;
}

interface FakeCall {
  id: string;
  to: string;
  from?: string;
  direction: 'incoming' | 'outgoing';
  webhookUrl: string;
  clientState: string | null;
  /** The `answering_machine_detection` the dial asked for, or null. */
  amd: string | null;
  alive: boolean;
  answered: boolean;
  duration: number;
  /** When an outgoing call was answered: its hangup webhook reports it as `start_time`. */
  answeredAt?: string;
  body: Record<string, unknown>;
  /** Every command request on the call, and the `command_id`s Telnyx acted on (a repeated one is ignored). */
  commands: Array<{ action: string; body: Record<string, unknown> }>;
  executed: Set<string>;
}

export interface TelnyxFake {
  url: string;
  apiKey: string;
  publicKey: string;
  http: HttpFake;
  calls: Map<string, FakeCall>;
  numbers: Map<string, { id: string; phone_number: string; connection_id: string }>;
  applications: Map<string, { webhook_event_url: string }>;
  /** How the media streams it opens behave: media clock speed, caller frames swapped in pairs. */
  streamWith(options: { speed?: number; reorder?: boolean }): void;
  /** Posts one more signed event of a call (its current client_state included); answers the webhook's status. */
  event(callControlId: string, eventType: string, extra?: Record<string, unknown>): Promise<number>;
  /** Resolves with a call's media stream once Telnyx opened it. */
  streamOf(callControlId: string): Promise<TelnyxMediaFake>;
  behave(to: string, behaviour: TelnyxBehaviour | TelnyxBehaviour[]): void;
  /**
   * A call from `from` to one of the account's numbers: `call.initiated` (direction `incoming`) is posted to the
   * `webhook_event_url` of the Call Control application the number is on (`times` deliveries, as a resend would).
   * Answers the call control id once the webhook(s) were delivered, with their HTTP statuses.
   */
  callInbound(
    to: string,
    from: string,
    options?: { times?: number },
  ): Promise<{ callControlId: string; statuses: number[] }>;
  failNumberUpdates(detail: string | null): void;
  /** The next `count` call commands answer 500 without acting (a Telnyx outage). */
  failCommands(count: number): void;
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
  let commandFailures = 0;

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
    const body = eventBody(call, eventType, extra);
    return postWebhook(call.webhookUrl, body, signWith(null, body));
  }
  function eventBody(call: FakeCall, eventType: string, extra: Record<string, unknown>) {
    return JSON.stringify({
      data: {
        record_type: 'event',
        event_type: eventType,
        id: randomUUID(),
        occurred_at: new Date().toISOString(),
        payload: {
          call_control_id: call.id,
          call_leg_id: call.id.slice(3),
          call_session_id: `session-${call.id.slice(3)}`,
          connection_id: call.body.connection_id ?? null,
          client_state: call.clientState,
          to: call.to,
          ...(call.from ? { from: call.from } : {}),
          direction: call.direction,
          ...extra,
        },
      },
      meta: { attempt: 1, delivered_to: call.webhookUrl },
    });
  }
  /** Posts a signed event; webhooks of a command go out after its answer, as Telnyx sends them. */
  function later(call: FakeCall, eventType: string, extra: Record<string, unknown> = {}, delayMs = 10) {
    const work = sleep(delayMs).then(() => send(call, eventType, extra).then(() => undefined));
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }
  const streams = callStreams((call: FakeCall, eventType, extra) => later(call, eventType, extra, 0));
  const stream = (call: FakeCall, url: unknown) => streams.open(call, url);
  const endStream = (call: FakeCall) => streams.end(call.id);
  async function play(call: FakeCall, behaviour: TelnyxBehaviour) {
    await sleep(20);
    await send(call, 'call.initiated');
    const start = new Date().toISOString();
    if (behaviour.answer) {
      await send(call, 'call.answered');
      call.answered = true;
      // From here our hangup command ends the call as answered (the stream may end it before a second passed).
      call.answeredAt = start;
      await stream(call, call.body.stream_url);
      if (call.amd) {
        const result = behaviour.amdResult ?? 'human';
        await send(call, 'call.machine.detection.ended', { result });
        if (result === 'machine' && ['greeting_end', 'detect_beep'].includes(call.amd))
          await send(call, 'call.machine.greeting.ended', { result: 'beep_detected' });
      }
      await sleep(1100);
      call.duration = 1;
      if (behaviour.holdOpen || !call.alive) return;
    }
    call.alive = false;
    endStream(call);
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
        direction: 'outgoing',
        webhookUrl: String(body.webhook_url),
        clientState: (body.client_state as string) ?? null,
        amd: typeof body.answering_machine_detection === 'string' ? body.answering_machine_detection : null,
        alive: true,
        answered: false,
        duration: 0,
        body,
        commands: [],
        executed: new Set(),
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
  /**
   * Call commands as Telnyx documents them: a known, live call; `client_state` (base64) kept for every later
   * webhook; a `command_id` already acted on is ignored; commands other than answer need an answered call.
   */
  const commandRoute = (
    action: 'answer' | 'speak' | 'hangup' | 'transfer',
    act: (call: FakeCall, body: Record<string, unknown>) => void,
  ) =>
    http.route(
      'POST',
      `/v2/calls/:id/actions/${action}`,
      guarded((request) => {
        const call = calls.get(request.params.id!);
        if (!call) return error(404, '10005', 'Resource not found', 'Call not found');
        const body = (request.rawBody ? JSON.parse(request.rawBody) : {}) as Record<string, unknown>;
        call.commands.push({ action, body });
        if (commandFailures > 0) {
          commandFailures--;
          return error(500, '10007', 'Unexpected error', 'An unexpected error occurred.');
        }
        const commandId = typeof body.command_id === 'string' ? body.command_id : null;
        if (commandId && call.executed.has(commandId))
          return { status: 200, body: { data: { result: 'ok' } } };
        if (call.direction === 'outgoing' && action === 'hangup') {
          // Our own hangup of a call still up: Telnyx reports its end like any other, we being the caller.
          if (call.alive && call.answeredAt) {
            call.alive = false;
            endStream(call);
            later(call, 'call.hangup', {
              hangup_cause: 'normal_clearing',
              hangup_source: 'caller',
              sip_hangup_cause: '200',
              start_time: call.answeredAt,
              end_time: new Date().toISOString(),
            });
          }
          return { status: 200, body: { data: { result: 'ok' } } };
        }
        if (!call.alive)
          return error(422, '90018', 'Call has already ended', 'This call is no longer active.');
        if (action === 'answer' ? call.answered : !call.answered && action !== 'hangup')
          return error(422, '90034', 'Invalid call state', `A ${action} command is not valid now.`);
        if (action === 'speak' && (typeof body.payload !== 'string' || typeof body.voice !== 'string'))
          return error(422, '10015', 'Invalid parameter', 'payload and voice are required');
        if (action === 'transfer' && !/^(\+[1-9]\d{6,14}|sips?:[^@\s]+@[^@\s]+)$/.test(String(body.to)))
          return error(422, '10015', 'Invalid parameter', 'to must be an E.164 number or a SIP URI');
        if (commandId) call.executed.add(commandId);
        if (typeof body.client_state === 'string') {
          if (Buffer.from(body.client_state, 'base64').toString('base64') !== body.client_state)
            return error(422, '10015', 'Invalid parameter', 'client_state must be valid base64');
          call.clientState = body.client_state;
        }
        act(call, body);
        return { status: 200, body: { data: { result: 'ok' } } };
      }),
    );
  commandRoute('answer', (call, body) => {
    call.answered = true;
    later(call, 'call.answered', { state: 'answered' });
    const opening = stream(call, body.stream_url);
    pending.add(opening);
    void opening.finally(() => pending.delete(opening));
  });
  commandRoute('speak', (call) => {
    later(call, 'call.speak.started');
    later(call, 'call.speak.ended', { status: 'completed' }, 60);
  });
  commandRoute('transfer', (call, body) => later(call, 'call.bridged', { to: body.to }));
  commandRoute('hangup', (call) => {
    call.alive = false;
    endStream(call);
    later(call, 'call.hangup', {
      hangup_cause: 'normal_clearing',
      hangup_source: 'callee',
      sip_hangup_cause: '200',
    });
  });
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
    streamWith: streams.use,
    event: async (callControlId, eventType, extra = {}) =>
      (await send(calls.get(callControlId)!, eventType, extra)).status,
    streamOf: streams.of,
    behave: (to, behaviour) => behaviours.set(to, Array.isArray(behaviour) ? behaviour : [behaviour]),
    async callInbound(to, from, { times = 1 } = {}) {
      const number = numbers.get(to);
      const webhookUrl = number && applications.get(number.connection_id)?.webhook_event_url;
      if (!webhookUrl) throw new Error(`${to} is not on a Call Control application with a webhook URL`);
      const call: FakeCall = {
        id: `v3:${randomUUID()}`,
        to,
        from,
        direction: 'incoming',
        webhookUrl,
        clientState: null,
        amd: null,
        alive: true,
        answered: false,
        duration: 0,
        body: { connection_id: number.connection_id },
        commands: [],
        executed: new Set(),
      };
      calls.set(call.id, call);
      const statuses: number[] = [];
      for (let i = 0; i < times; i++)
        statuses.push(
          (await send(call, 'call.initiated', { state: 'parked', start_time: new Date().toISOString() }))
            .status,
        );
      return { callControlId: call.id, statuses };
    },
    failNumberUpdates: (detail) => (numberError = detail),
    failCommands: (count) => (commandFailures = count),
    signWith,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => http.close(),
  };
}
