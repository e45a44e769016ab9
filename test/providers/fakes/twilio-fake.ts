/**
 * A local Twilio: the 2010-04-01 Calls and IncomingPhoneNumbers resources with basic auth, and status callbacks,
 * asynchronous AMD verdicts and inbound voice requests signed with `X-Twilio-Signature` the way Twilio documents it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { postWebhook, sleep, startHttpFake, type FakeRequest, type HttpFake } from './http-fake';

export interface TwilioBehaviour {
  final: 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';
  /** What AMD answers when the call was placed with MachineDetection (default `human`; null: no verdict comes). */
  answeredBy?: string | null;
  sipResponseCode?: number;
  errorCode?: number;
  durationSeconds?: number;
  /** The final callback is lost on the way; the call still ends at Twilio. */
  dropFinal?: boolean;
  /** The final callback arrives twice (Twilio retries). */
  duplicateFinal?: boolean;
  /** The call stays in progress until it is hung up. */
  holdOpen?: boolean;
}

interface FakeCall {
  sid: string;
  to: string;
  from: string;
  status: string;
  answeredBy: string | null;
  duration: number | null;
  statusCallback: string | null;
  events: string[];
  machineDetection: boolean;
  /** Placed with `AsyncAmd=true`: the verdict goes to `AsyncAmdStatusCallback`, not into the status callbacks. */
  asyncAmdCallback: string | null;
  form: URLSearchParams;
  /** TwiML the call was modified with (`POST /Calls/{sid}.json` with `Twiml`), in order. */
  redirects: string[];
}

export interface TwilioFake {
  url: string;
  accountSid: string;
  authToken: string;
  http: HttpFake;
  calls: Map<string, FakeCall>;
  numbers: Map<string, { sid: string; phone_number: string; voice_url: string }>;
  /** How calls to `to` behave (default: answered by a person); a list plays one entry per call, the last repeats. */
  behave(to: string, behaviour: TwilioBehaviour | TwilioBehaviour[]): void;
  /** The `X-Twilio-Signature` Twilio would send for this URL and form (with this account's token by default). */
  sign(url: string, form: URLSearchParams, authToken?: string): string;
  /** Makes the next number updates fail with this Twilio error. */
  failNumberUpdates(error: { status: number; code: number; message: string } | null): void;
  /**
   * A call from `from` to one of the account's numbers: Twilio asks the number's voice URL for TwiML; the call is
   * in progress (and can be modified) under `callSid`.
   */
  callInbound(to: string, from: string): Promise<{ status: number; text: string; callSid: string }>;
  /**
   * Resolves with the TwiML a call was modified with (a transfer's `<Dial>`): the call left its `<Connect><Stream>`,
   * so Twilio stops the media stream; the dialed party hangs up shortly after and the call completes.
   */
  redirected(callSid: string): Promise<string>;
  /** Makes the next call modifications fail with this Twilio error (null: accept them again). */
  failRedirects(error: { status: number; code: number; message: string } | null): void;
  /** A call's TwiML ran out (its `<Connect><Stream>` closed): Twilio ends the call and reports it completed. */
  twimlEnded(callSid: string, durationSeconds: number): Promise<void>;
  /** Resolves once every scheduled callback was sent. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');

/**
 * `X-Twilio-Signature` as Twilio documents it (written here apart from the code under test): the URL exactly as
 * called, then each parameter name in sorted order followed by its value (a repeated name: each distinct value,
 * sorted), HMAC-SHA1 keyed with the auth token, base64.
 */
export function twilioSigned(authToken: string, url: string, form: URLSearchParams): string {
  const values = new Map<string, Set<string>>();
  for (const [name, value] of form) values.set(name, (values.get(name) ?? new Set()).add(value));
  const text = [...values.keys()]
    .sort()
    .map((name) =>
      [...values.get(name)!]
        .sort()
        .map((value) => `${name}${value}`)
        .join(''),
    )
    .join('');
  return createHmac('sha1', Buffer.from(authToken, 'utf8'))
    .update(Buffer.from(url + text, 'utf8'))
    .digest('base64');
}

export async function startTwilioFake(options: { numbers?: string[] } = {}): Promise<TwilioFake> {
  const http = await startHttpFake();
  const accountSid = sid('AC');
  const authToken = randomBytes(16).toString('hex');
  const calls = new Map<string, FakeCall>();
  const numbers = new Map<string, { sid: string; phone_number: string; voice_url: string }>();
  for (const number of options.numbers ?? [])
    numbers.set(number, { sid: sid('PN'), phone_number: number, voice_url: '' });
  const behaviours = new Map<string, TwilioBehaviour[]>();
  const placedTo = new Map<string, number>();
  const nextBehaviour = (to: string): TwilioBehaviour => {
    const list = behaviours.get(to) ?? [{ final: 'completed' }];
    const n = placedTo.get(to) ?? 0;
    placedTo.set(to, n + 1);
    return list[Math.min(n, list.length - 1)]!;
  };
  let numberUpdateError: { status: number; code: number; message: string } | null = null;
  let redirectError: { status: number; code: number; message: string } | null = null;
  const redirectWaiters = new Map<string, Array<(twiml: string) => void>>();
  const pending = new Set<Promise<void>>();
  const base = `/2010-04-01/Accounts/${accountSid}`;

  const authorised = (request: FakeRequest) =>
    request.headers.authorization === `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const twilioError = (status: number, code: number, message: string) => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  const guarded =
    (handler: (request: FakeRequest) => ReturnType<Parameters<HttpFake['route']>[2]>) =>
    (request: FakeRequest) =>
      authorised(request) ? handler(request) : twilioError(401, 20003, 'Authenticate');
  const resource = (call: FakeCall) => ({
    sid: call.sid,
    account_sid: accountSid,
    to: call.to,
    from: call.from,
    status: call.status,
    answered_by: call.answeredBy,
    duration: call.duration === null ? null : String(call.duration),
    direction: 'outbound-api',
    api_version: '2010-04-01',
  });

  async function send(call: FakeCall, status: string, extra: Record<string, string> = {}) {
    call.status = status;
    if (!call.statusCallback) return;
    const event =
      status === 'in-progress'
        ? 'answered'
        : ['queued', 'initiated', 'ringing'].includes(status)
          ? status
          : 'completed';
    if (!call.events.includes(event)) return;
    const form = new URLSearchParams({
      AccountSid: accountSid,
      CallSid: call.sid,
      CallStatus: status,
      To: call.to,
      From: call.from,
      Direction: 'outbound-api',
      ApiVersion: '2010-04-01',
      CallbackSource: 'call-progress-events',
      Timestamp: new Date().toUTCString(),
      ...extra,
    });
    await postWebhook(call.statusCallback, form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSigned(authToken, call.statusCallback, form),
    });
  }

  async function play(call: FakeCall, behaviour: TwilioBehaviour) {
    await sleep(20);
    await send(call, 'initiated');
    await send(call, 'ringing');
    if (behaviour.final === 'completed') {
      if (call.machineDetection)
        call.answeredBy = behaviour.answeredBy === undefined ? 'human' : behaviour.answeredBy;
      await send(
        call,
        'in-progress',
        call.answeredBy && !call.asyncAmdCallback ? { AnsweredBy: call.answeredBy } : {},
      );
      if (call.answeredBy && call.asyncAmdCallback) await sendAmdVerdict(call, call.asyncAmdCallback);
      if (behaviour.holdOpen) return;
    }
    await finish(call, behaviour);
  }

  /** Asynchronous AMD: the verdict posted on its own, signed like every Twilio webhook. */
  async function sendAmdVerdict(call: FakeCall, url: string) {
    const form = new URLSearchParams({
      AccountSid: accountSid,
      CallSid: call.sid,
      AnsweredBy: call.answeredBy!,
      MachineDetectionDuration: '2400',
    });
    await postWebhook(url, form.toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSigned(authToken, url, form),
    });
  }

  async function finish(call: FakeCall, behaviour: TwilioBehaviour) {
    call.duration = behaviour.final === 'completed' ? (behaviour.durationSeconds ?? 3) : 0;
    const extra: Record<string, string> = { CallDuration: String(call.duration) };
    if (call.answeredBy && !call.asyncAmdCallback) extra.AnsweredBy = call.answeredBy;
    const sip =
      behaviour.sipResponseCode ??
      { completed: 200, busy: 486, 'no-answer': 487, failed: 500, canceled: 487 }[behaviour.final];
    extra.SipResponseCode = String(sip);
    if (behaviour.errorCode) extra.ErrorCode = String(behaviour.errorCode);
    if (behaviour.dropFinal) {
      call.status = behaviour.final;
      return;
    }
    await send(call, behaviour.final, extra);
    if (behaviour.duplicateFinal) await send(call, behaviour.final, extra);
  }

  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.catch(() => undefined).finally(() => pending.delete(work));
  };

  http.route(
    'POST',
    `${base}/Calls.json`,
    guarded((request) => {
      const form = new URLSearchParams(request.rawBody);
      if (!form.get('To') || !form.get('From') || !(form.get('Url') || form.get('Twiml')))
        return twilioError(400, 21205, 'Url parameter is required.');
      const call: FakeCall = {
        sid: sid('CA'),
        to: form.get('To')!,
        from: form.get('From')!,
        status: 'queued',
        answeredBy: null,
        duration: null,
        statusCallback: form.get('StatusCallback'),
        events: form.getAll('StatusCallbackEvent').length
          ? form.getAll('StatusCallbackEvent')
          : ['completed'],
        machineDetection: ['Enable', 'DetectMessageEnd'].includes(form.get('MachineDetection') ?? ''),
        asyncAmdCallback: form.get('AsyncAmd') === 'true' ? form.get('AsyncAmdStatusCallback') : null,
        form,
        redirects: [],
      };
      calls.set(call.sid, call);
      track(play(call, nextBehaviour(call.to)));
      return { status: 201, body: resource(call) };
    }),
  );
  http.route(
    'GET',
    `${base}/Calls/:sid.json`,
    guarded((request) => {
      const call = calls.get(request.params.sid!);
      return call
        ? { status: 200, body: resource(call) }
        : twilioError(404, 20404, 'The requested resource was not found');
    }),
  );
  http.route(
    'POST',
    `${base}/Calls/:sid.json`,
    guarded((request) => {
      const call = calls.get(request.params.sid!);
      if (!call) return twilioError(404, 20404, 'The requested resource was not found');
      const twiml = new URLSearchParams(request.rawBody).get('Twiml');
      if (twiml !== null) return redirect(call, twiml);
      const status = new URLSearchParams(request.rawBody).get('Status');
      if (status === 'completed' || status === 'canceled') {
        const answered = call.status === 'in-progress';
        track(finish(call, { final: answered ? 'completed' : 'canceled', durationSeconds: 1 }));
      }
      return { status: 200, body: resource(call) };
    }),
  );
  /** Modifying a live call with new TwiML; a call not in progress cannot be (Twilio error 21220). */
  function redirect(call: FakeCall, twiml: string) {
    if (redirectError) return twilioError(redirectError.status, redirectError.code, redirectError.message);
    if (call.status !== 'in-progress')
      return twilioError(400, 21220, 'Call is not in-progress. Cannot redirect.');
    call.redirects.push(twiml);
    for (const waiter of redirectWaiters.get(call.sid) ?? []) waiter(twiml);
    redirectWaiters.delete(call.sid);
    track(
      (async () => {
        await sleep(50);
        await finish(call, { final: 'completed', durationSeconds: 5 });
      })(),
    );
    return { status: 200, body: resource(call) };
  }

  http.route(
    'GET',
    `${base}/IncomingPhoneNumbers.json`,
    guarded((request) => {
      const wanted = request.query.get('PhoneNumber');
      const list = [...numbers.values()].filter((n) => !wanted || n.phone_number === wanted);
      return { status: 200, body: { incoming_phone_numbers: list } };
    }),
  );
  http.route(
    'POST',
    `${base}/IncomingPhoneNumbers/:sid.json`,
    guarded((request) => {
      const number = [...numbers.values()].find((n) => n.sid === request.params.sid);
      if (!number) return twilioError(404, 20404, 'The requested resource was not found');
      if (numberUpdateError)
        return twilioError(numberUpdateError.status, numberUpdateError.code, numberUpdateError.message);
      number.voice_url = new URLSearchParams(request.rawBody).get('VoiceUrl') ?? number.voice_url;
      return { status: 200, body: number };
    }),
  );

  return {
    url: http.url,
    accountSid,
    authToken,
    http,
    calls,
    numbers,
    behave: (to, behaviour) => behaviours.set(to, Array.isArray(behaviour) ? behaviour : [behaviour]),
    sign: (url, form, token = authToken) => twilioSigned(token, url, form),
    failNumberUpdates: (error) => (numberUpdateError = error),
    async callInbound(to, from) {
      const number = numbers.get(to);
      if (!number?.voice_url) throw new Error(`${to} has no voice URL`);
      const callSid = sid('CA');
      const form = new URLSearchParams({
        AccountSid: accountSid,
        CallSid: callSid,
        CallStatus: 'ringing',
        Direction: 'inbound',
        From: from,
        To: to,
        ApiVersion: '2010-04-01',
      });
      calls.set(callSid, {
        sid: callSid,
        to,
        from,
        status: 'in-progress',
        answeredBy: null,
        duration: null,
        statusCallback: null,
        events: [],
        machineDetection: false,
        asyncAmdCallback: null,
        form,
        redirects: [],
      });
      const answer = await postWebhook(number.voice_url, form.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSigned(authToken, number.voice_url, form),
      });
      return { ...answer, callSid };
    },
    redirected(callSid) {
      const done = calls.get(callSid)?.redirects[0];
      if (done !== undefined) return Promise.resolve(done);
      return new Promise((resolve) =>
        redirectWaiters.set(callSid, [...(redirectWaiters.get(callSid) ?? []), resolve]),
      );
    },
    failRedirects: (error) => (redirectError = error),
    async twimlEnded(callSid, durationSeconds) {
      const call = calls.get(callSid);
      if (!call) throw new Error(`no call ${callSid}`);
      await finish(call, { final: 'completed', durationSeconds });
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => http.close(),
  };
}
