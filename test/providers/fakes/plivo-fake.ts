/**
 * A local Plivo Voice API (v1): Call (make, queued/live lookups, hangup by request), Application and Number with
 * basic auth, and form-encoded ring / machine / hangup callbacks signed with `X-Plivo-Signature-V3`.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { postWebhook, sleep, startHttpFake, type FakeRequest, type HttpFake } from './http-fake';

export interface PlivoBehaviour {
  status: 'completed' | 'busy' | 'no-answer' | 'failed' | 'cancel';
  hangupCause?: string;
  machine?: boolean;
  dropHangup?: boolean;
  duplicateHangup?: boolean;
  holdOpen?: boolean;
}

interface FakeCall {
  requestUuid: string;
  callUuid: string;
  to: string;
  body: Record<string, string>;
  state: 'queued' | 'live' | 'ended';
}

export interface PlivoFake {
  url: string;
  authId: string;
  authToken: string;
  http: HttpFake;
  calls: Map<string, FakeCall>;
  applications: Map<string, { app_id: string; app_name: string; answer_url: string }>;
  numbers: Map<string, { number: string; app_id: string | null }>;
  behave(to: string, behaviour: PlivoBehaviour | PlivoBehaviour[]): void;
  failNumberUpdates(message: string | null): void;
  signed(url: string, form: URLSearchParams, authToken?: string): Record<string, string>;
  callInbound(to: string, from: string): Promise<{ status: number; text: string }>;
  settled(): Promise<void>;
  close(): Promise<void>;
}

const CAUSES: Record<PlivoBehaviour['status'], [string, string]> = {
  completed: ['NORMAL_CLEARING', '4000'],
  busy: ['USER_BUSY', '3010'],
  'no-answer': ['NO_ANSWER', '3020'],
  failed: ['NORMAL_TEMPORARY_FAILURE', '2000'],
  cancel: ['ORIGINATOR_CANCEL', '1010'],
};

/**
 * `X-Plivo-Signature-V3` as Plivo's SDKs compute it (written here apart from the code under test): the URL without
 * its query, `?`, the query's `name=value` pairs sorted and joined by `&` (then `.` if any), the POST parameters'
 * `name` + `value` sorted and concatenated, `.`, the nonce; base64 HMAC-SHA256 with the auth token.
 */
export function plivoV3(authToken: string, url: string, form: URLSearchParams, nonce: string): string {
  const byPair = (a: [string, string], b: [string, string]) =>
    a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1;
  const cut = url.indexOf('?');
  const query = [...new URLSearchParams(cut < 0 ? '' : url.slice(cut + 1))].sort(byPair);
  const body = [...form].sort(byPair);
  const queryText = query.map(([name, value]) => `${name}=${value}`).join('&');
  let signed = cut < 0 ? url : url.slice(0, cut);
  if (body.length > 0)
    signed += `?${queryText ? `${queryText}.` : ''}${body.map(([name, value]) => name + value).join('')}`;
  else if (queryText) signed += `?${queryText}`;
  return createHmac('sha256', authToken).update(`${signed}.${nonce}`).digest('base64');
}

export async function startPlivoFake(options: { numbers?: string[] } = {}): Promise<PlivoFake> {
  const http = await startHttpFake();
  const authId = `MA${randomBytes(9).toString('hex').toUpperCase()}`;
  const authToken = randomBytes(20).toString('hex');
  const calls = new Map<string, FakeCall>();
  const applications = new Map<string, { app_id: string; app_name: string; answer_url: string }>();
  const numbers = new Map<string, { number: string; app_id: string | null }>();
  for (const n of options.numbers ?? [])
    numbers.set(n.replace(/^\+/, ''), { number: n.replace(/^\+/, ''), app_id: null });
  const behaviours = new Map<string, PlivoBehaviour[]>();
  const placedTo = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  let numberError: string | null = null;
  const base = `/v1/Account/${authId}`;

  const signed: PlivoFake['signed'] = (url, form, token = authToken) => {
    const nonce = randomBytes(10).toString('hex');
    return {
      'content-type': 'application/x-www-form-urlencoded',
      'x-plivo-signature-v3': plivoV3(token, url, form, nonce),
      'x-plivo-signature-v3-nonce': nonce,
    };
  };
  const post = (url: string, form: URLSearchParams) => postWebhook(url, form.toString(), signed(url, form));
  const guarded =
    (handler: (request: FakeRequest) => ReturnType<Parameters<HttpFake['route']>[2]>) =>
    (request: FakeRequest) =>
      request.headers.authorization === `Basic ${Buffer.from(`${authId}:${authToken}`).toString('base64')}`
        ? handler(request)
        : { status: 401, body: { api_id: randomUUID(), error: 'Authentication credentials invalid.' } };
  const notFound = { status: 404, body: { api_id: randomUUID(), error: 'not found' } };

  async function play(call: FakeCall, behaviour: PlivoBehaviour) {
    const common = {
      RequestUUID: call.requestUuid,
      CallUUID: call.callUuid,
      To: call.to,
      From: call.body.from!,
      Direction: 'outbound',
    };
    await sleep(20);
    call.state = 'live';
    await post(call.body.ring_url!, new URLSearchParams({ ...common, CallStatus: 'ringing', Event: 'Ring' }));
    if (behaviour.status === 'completed' && behaviour.machine && call.body.machine_detection === 'true')
      await post(
        call.body.machine_detection_url!,
        new URLSearchParams({
          ...common,
          CallStatus: 'in-progress',
          Machine: 'true',
          Event: 'MachineDetection',
        }),
      );
    if (behaviour.holdOpen) return;
    call.state = 'ended';
    if (behaviour.dropHangup) return;
    const [cause, code] = behaviour.hangupCause ? [behaviour.hangupCause, '2010'] : CAUSES[behaviour.status];
    const hangup = new URLSearchParams({
      ...common,
      CallStatus: behaviour.status,
      Event: 'Hangup',
      HangupCause: cause,
      HangupCauseCode: code,
      Duration: behaviour.status === 'completed' ? '3' : '0',
    });
    await post(call.body.hangup_url!, hangup);
    if (behaviour.duplicateHangup) await post(call.body.hangup_url!, hangup);
  }

  http.route(
    'POST',
    `${base}/Call/`,
    guarded((request) => {
      const body = JSON.parse(request.rawBody) as Record<string, string>;
      if (!body.from || !body.to || !body.answer_url)
        return { status: 400, body: { error: 'from, to and answer_url are required' } };
      const to = `+${body.to}`;
      const call: FakeCall = { requestUuid: randomUUID(), callUuid: randomUUID(), to, body, state: 'queued' };
      calls.set(call.requestUuid, call);
      const list = behaviours.get(to) ?? [{ status: 'completed' }];
      const n = placedTo.get(to) ?? 0;
      placedTo.set(to, n + 1);
      const work = play(call, list[Math.min(n, list.length - 1)]!);
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return {
        status: 201,
        body: { api_id: randomUUID(), message: 'call fired', request_uuid: call.requestUuid },
      };
    }),
  );
  http.route(
    'GET',
    `${base}/Call/`,
    guarded(() => ({
      status: 200,
      body: {
        api_id: randomUUID(),
        calls: [...calls.values()].filter((c) => c.state === 'live').map((c) => c.callUuid),
      },
    })),
  );
  http.route(
    'GET',
    `${base}/Call/:id/`,
    guarded((request) => {
      const status = request.query.get('status');
      const call = [...calls.values()].find((c) =>
        status === 'queued'
          ? c.requestUuid === request.params.id && c.state === 'queued'
          : c.callUuid === request.params.id && c.state === 'live',
      );
      return call
        ? {
            status: 200,
            body: { call_uuid: call.callUuid, request_uuid: call.requestUuid, call_status: call.state },
          }
        : notFound;
    }),
  );
  http.route(
    'DELETE',
    `${base}/Request/:id/`,
    guarded((request) => {
      const call = calls.get(request.params.id!);
      if (!call || call.state === 'ended') return notFound;
      call.state = 'ended';
      void post(
        call.body.hangup_url!,
        new URLSearchParams({
          RequestUUID: call.requestUuid,
          CallUUID: call.callUuid,
          CallStatus: 'completed',
          HangupCause: 'NORMAL_CLEARING',
          HangupCauseCode: '4000',
          Duration: '1',
        }),
      );
      return { status: 204, body: '' };
    }),
  );
  http.route(
    'GET',
    `${base}/Application/`,
    guarded((request) => ({
      status: 200,
      body: {
        objects: [...applications.values()].filter((a) => a.app_name === request.query.get('app_name')),
      },
    })),
  );
  http.route(
    'POST',
    `${base}/Application/`,
    guarded((request) => {
      const body = JSON.parse(request.rawBody) as { app_name: string; answer_url: string };
      const app = {
        app_id: randomBytes(8).toString('hex'),
        app_name: body.app_name,
        answer_url: body.answer_url,
      };
      applications.set(app.app_id, app);
      return { status: 201, body: { api_id: randomUUID(), app_id: app.app_id, message: 'created' } };
    }),
  );
  http.route(
    'POST',
    `${base}/Application/:id/`,
    guarded((request) => {
      const app = applications.get(request.params.id!);
      if (!app) return notFound;
      app.answer_url = (JSON.parse(request.rawBody) as { answer_url: string }).answer_url;
      return { status: 202, body: { api_id: randomUUID(), message: 'changed' } };
    }),
  );
  http.route(
    'POST',
    `${base}/Number/:number/`,
    guarded((request) => {
      const number = numbers.get(request.params.number!);
      if (!number) return notFound;
      if (numberError) return { status: 400, body: { api_id: randomUUID(), error: numberError } };
      number.app_id = (JSON.parse(request.rawBody) as { app_id: string }).app_id;
      return { status: 202, body: { api_id: randomUUID(), message: 'changed' } };
    }),
  );

  return {
    url: http.url,
    authId,
    authToken,
    http,
    calls,
    applications,
    numbers,
    behave: (to, behaviour) => behaviours.set(to, Array.isArray(behaviour) ? behaviour : [behaviour]),
    failNumberUpdates: (message) => (numberError = message),
    signed,
    async callInbound(to, from) {
      const number = numbers.get(to.replace(/^\+/, ''));
      const app = number?.app_id ? applications.get(number.app_id) : undefined;
      if (!app) throw new Error(`${to} has no application`);
      const form = new URLSearchParams({
        CallUUID: randomUUID(),
        From: from.replace(/^\+/, ''),
        To: to.replace(/^\+/, ''),
        Direction: 'inbound',
        CallStatus: 'ringing',
      });
      return post(app.answer_url, form);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => http.close(),
  };
}
