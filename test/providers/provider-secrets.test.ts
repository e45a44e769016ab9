import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGS } from '../telephony/helpers';
import { startHttpFake, type HttpFake } from './fakes/http-fake';
import { startProviderWorld, type ProviderWorld } from './provider-world';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-secret-9f3a';
const MARKER = 'INTERNAL-MARKER-5be1c2';
const NUMBERS_PATH = `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers`;

/** A Twilio-shaped host that owns every number and accepts every voice URL. */
async function startTwilioHost(): Promise<HttpFake> {
  const host = await startHttpFake();
  host.route('GET', `${NUMBERS_PATH}.json`, () => ({
    status: 200,
    body: { incoming_phone_numbers: [{ sid: 'PN0001' }] },
  }));
  host.route('POST', `${NUMBERS_PATH}/:sid.json`, () => ({ status: 200, body: { sid: 'PN0001' } }));
  return host;
}

describe('provider secrets stay with the host they were saved for', () => {
  let world: ProviderWorld;
  let home: HttpFake;
  let attacker: HttpFake;
  let n = 0;

  beforeAll(async () => {
    world = await startProviderWorld();
    home = await startTwilioHost();
    attacker = await startTwilioHost();
  });
  afterAll(async () => {
    await home?.close();
    await attacker?.close();
    await world?.close();
  });

  const headers = () => world.organization.headers;
  const createTwilio = async (apiBaseUrl: string) => {
    const response = await world.t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: headers(),
      payload: {
        name: `twilio-${n++}`,
        config: { provider: 'twilio', account_sid: ACCOUNT, auth_token: TOKEN, api_base_url: apiBaseUrl },
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; credentials: Record<string, string> };
  };
  const put = (id: number, payload: Record<string, unknown>) =>
    world.t.app.inject({ method: 'PUT', url: `${CONFIGS}/${id}`, headers: headers(), payload });
  const bindNumber = (configurationId: number) =>
    world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers: headers(),
      payload: { address: `+1415555${String(2000 + n++)}`, inbound_workflow_id: world.agentId },
    });
  const basic = `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`;

  it('refuses a PUT that moves api_base_url without the secret, and no request reaches the new host', async () => {
    const created = await createTwilio(home.url);
    const missing = {
      loc: ['body', 'config', 'auth_token'],
      msg: 'Changing api_base_url requires sending auth_token again in full',
      type: 'missing',
    };
    const moved = await put(created.id, { config: { api_base_url: attacker.url } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toEqual({ detail: [missing] });
    // The masked value the API shows is not the secret "in full".
    const masked = await put(created.id, {
      credentials: { api_base_url: attacker.url, auth_token: created.credentials.auth_token },
    });
    expect(masked.statusCode).toBe(422);
    expect(masked.json()).toEqual({ detail: [{ ...missing, loc: ['body', 'credentials', 'auth_token'] }] });

    const bound = await bindNumber(created.id);
    expect(bound.json().provider_sync).toMatchObject({ ok: true });
    expect(attacker.requests).toHaveLength(0);
    expect(home.requests.map((request) => request.headers.authorization)).toEqual([basic, basic]);

    // Whoever knows the secret may move it.
    const resent = await put(created.id, { config: { api_base_url: attacker.url, auth_token: TOKEN } });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().credentials.api_base_url).toBe(attacker.url);
  });

  it('asks for every stored secret of an Asterisk configuration when its endpoint changes', async () => {
    const created = await world.t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: headers(),
      payload: {
        name: `ari-${n++}`,
        config: {
          provider: 'ari',
          ari_endpoint: 'http://127.0.0.1:9',
          app_name: 'agents',
          app_password: 'ari-password-1',
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const moved = await put(created.json().id, { config: { ari_endpoint: attacker.url } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail).toEqual([
      {
        loc: ['body', 'config', 'app_password'],
        msg: 'Changing ari_endpoint requires sending app_password again in full',
        type: 'missing',
      },
    ]);
  });

  it.each([
    ['a fragment that turns the vendor path into a fragment', (url: string) => `${url}/internal/status#`],
    ['a query that turns the vendor path into a parameter', (url: string) => `${url}/internal/status?`],
    ['credentials in the URL', (url: string) => url.replace('http://', 'http://user:pass@')],
    ['a scheme other than http or https', (url: string) => url.replace('http://', 'ws://')],
    ['a scheme other than http or https', (url: string) => url.replace('http://', 'file://')],
  ])('refuses an api_base_url with %s', async (_case, urlOf) => {
    const response = await world.t.app.inject({
      method: 'POST',
      url: CONFIGS,
      headers: headers(),
      payload: {
        name: `twilio-${n++}`,
        config: {
          provider: 'twilio',
          account_sid: ACCOUNT,
          auth_token: TOKEN,
          api_base_url: urlOf(attacker.url),
        },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'config', 'api_base_url'], type: 'url_parsing' }),
    ]);
  });

  it("never shows a vendor's error body: provider_sync says only the status", async () => {
    const talkative = await startHttpFake();
    let status = 401;
    talkative.route('GET', `${NUMBERS_PATH}.json`, () => ({
      status,
      body:
        status === 401 ? { message: `${MARKER} db password is hunter2`, code: 20003 } : `${MARKER} <html>`,
    }));
    try {
      const created = await createTwilio(talkative.url);
      const bound = await bindNumber(created.id);
      expect(bound.statusCode).toBe(201);
      expect(bound.json().provider_sync).toEqual({ ok: false, message: 'twilio answered 401' });
      expect(bound.body).not.toContain(MARKER);
      // A success that is not JSON: the parser's message would quote the body's first characters.
      status = 200;
      const unreadable = await bindNumber(created.id);
      expect(unreadable.json().provider_sync).toEqual({
        ok: false,
        message: 'inbound webhook sync failed: twilio answered 200 with a body that is not JSON',
      });
      expect(unreadable.body).not.toContain(MARKER.slice(0, 8));
    } finally {
      await talkative.close();
    }
  });

  it('does not follow a redirect from the vendor host', async () => {
    const redirecting = await startHttpFake();
    redirecting.route('GET', `${NUMBERS_PATH}.json`, (request) => ({
      status: 302,
      headers: { location: `${attacker.url}${request.path}` },
    }));
    try {
      const created = await createTwilio(redirecting.url);
      const before = attacker.requests.length;
      const bound = await bindNumber(created.id);
      expect(bound.statusCode).toBe(201);
      expect(bound.json().provider_sync).toEqual({
        ok: false,
        message: 'inbound webhook sync failed: twilio answered 302; redirects are not followed',
      });
      expect(attacker.requests.length).toBe(before);
    } finally {
      await redirecting.close();
    }
  });
});
