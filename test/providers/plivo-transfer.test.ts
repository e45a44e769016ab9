import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRequestError } from '../../providers/provider-errors';
import type { TelephonyProvider } from '../../providers/provider';
import { startPlivoFake, type PlivoFake } from './fakes/plivo-fake';
import { acceptPlivoTransfers, type PlivoTransfers } from './fakes/plivo-transfer-fake';
import {
  adapterOf,
  insertConfiguration,
  placeAttempt,
  startProviderWorld,
  type ProviderWorld,
} from './provider-world';

/**
 * A live Plivo call handed to a person: Plivo's Transfer API points the call at XML this service serves at its
 * transfer URL, which Plivo fetches signed with the configuration's auth token; the XML dials the destination. No
 * one else gets a dial from that URL, and no one changes where one leads.
 */
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

describe('a live Plivo call is transferred to a person', () => {
  let world: ProviderWorld;
  let fake: PlivoFake;
  let transfers: PlivoTransfers;
  let provider: TelephonyProvider;
  let configurationId: number;
  let line = 0;

  beforeAll(async () => {
    world = await startProviderWorld();
    fake = await startPlivoFake();
    transfers = acceptPlivoTransfers(fake);
    const clear = { auth_id: fake.authId, api_base_url: fake.url };
    const secrets = { auth_token: fake.authToken };
    configurationId = await insertConfiguration(world, 'plivo', clear, secrets);
    provider = adapterOf(world, configurationId, 'plivo', clear, secrets);
  });
  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  /** A call answered and held open; its call uuid is what the media stream names it by. */
  async function liveCall(): Promise<string> {
    const to = `+1500555590${line++}`;
    fake.behave(to, { status: 'completed', holdOpen: true });
    const placed = await placeAttempt(world, { adapter: provider, configurationId, phoneNumber: to });
    await fake.settled();
    return fake.calls.get(placed.providerCallId)!.callUuid;
  }

  async function transfer(destination: string, callerId: string | null) {
    const callUuid = await liveCall();
    await provider.transferCall!({ providerCallId: callUuid, destination, callerId });
    await transfers.settled();
    const taken = transfers.taken.find((t) => t.callUuid === callUuid)!;
    return {
      callUuid,
      taken,
      request: fake.http.requests.findLast((r) => r.path.endsWith(`/Call/${callUuid}/`))!,
    };
  }

  it('dials an E.164 number from the call’s own line, with the XML Plivo fetches from the signed transfer URL', async () => {
    const { taken, request } = await transfer('+15551234567', '+15005550006');
    expect(JSON.parse(request.rawBody)).toEqual({
      legs: 'aleg',
      aleg_url: taken.alegUrl,
      aleg_method: 'POST',
    });
    expect(taken.alegUrl).toBe(
      `${world.baseUrl}/api/v1/telephony/transfer/plivo/${configurationId}?to=%2B15551234567&caller_id=%2B15005550006`,
    );
    expect(taken.status).toBe(200);
    expect(taken.xml).toBe(
      `${XML}<Response><Dial callerId="15005550006"><Number>15551234567</Number></Dial></Response>`,
    );
  });

  it('dials a SIP URI as a <User>, with Plivo’s default caller id when the call has none', async () => {
    const { taken } = await transfer('sip:desk@pbx.example.com', null);
    expect(taken.status).toBe(200);
    expect(taken.xml).toBe(`${XML}<Response><Dial><User>sip:desk@pbx.example.com</User></Dial></Response>`);
  });

  it('serves no dial to a fetch unsigned, signed with another key, or to another destination than the one signed', async () => {
    const { taken } = await transfer('+15551234567', null);
    const form = new URLSearchParams({ CallUUID: taken.callUuid, CallStatus: 'in-progress' });
    const post = (url: string, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', body: form.toString(), headers });
    const unsigned = await post(taken.alegUrl, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(unsigned.status).toBe(403);
    expect((await post(taken.alegUrl, fake.signed(taken.alegUrl, form, 'another-auth-token'))).status).toBe(
      403,
    );
    const elsewhere = taken.alegUrl.replace('15551234567', '19005550199');
    const moved = await post(elsewhere, fake.signed(taken.alegUrl, form));
    expect(moved.status).toBe(403);
    expect(await moved.text()).not.toContain('Dial');
    // Signed by Plivo for a URL this service never wrote: nothing that is not a number or a SIP URI is dialled.
    const odd = taken.alegUrl.replace('%2B15551234567', encodeURIComponent('</Number><Number>1900'));
    const refused = await post(odd, fake.signed(odd, form));
    expect(refused.status).toBe(422);
    expect(await refused.text()).not.toContain('Dial');
  });

  it('answers every other request to the transfer route with a 4xx in the contract shape, never a dial', async () => {
    const form = new URLSearchParams({ CallUUID: 'c-1' });
    const post = async (path: string) => {
      const url = `${world.baseUrl}/api/v1/telephony/transfer/${path}`;
      const headers = fake.signed(url, form);
      const response = await fetch(url, { method: 'POST', body: form.toString(), headers });
      const body = (await response.json()) as { detail?: unknown };
      return [response.status, typeof body.detail];
    };
    // Twilio's transfers carry their TwiML inline: it has no transfer URL.
    expect(await post(`twilio/${configurationId}?to=%2B15551234567`)).toEqual([404, 'string']);
    expect(await post('nosuchvendor/1?to=%2B15551234567')).toEqual([404, 'string']);
    // Validation errors name their fields (an array of errors).
    expect(await post('plivo/abc?to=%2B15551234567')).toEqual([422, 'object']);
    expect(await post(`plivo/${configurationId}`)).toEqual([422, 'object']);
    expect(await post(`plivo/${configurationId + 1000}?to=%2B15551234567`)).toEqual([403, 'string']);
  });

  it('asks Plivo nothing for a destination that is neither a number nor a SIP URI', async () => {
    const callUuid = await liveCall();
    const before = fake.http.requests.length;
    for (const destination of [
      '15551234567',
      'tel:+15551234567',
      'sip:desk@pbx"><Hangup/>',
      'http://x.example',
    ])
      await expect(
        provider.transferCall!({ providerCallId: callUuid, destination, callerId: null }),
      ).rejects.toMatchObject({ name: 'ProviderRequestError', mayHaveReachedProvider: false });
    expect(fake.http.requests.length).toBe(before);
  });

  it('reports Plivo’s refusal to transfer a call it no longer has', async () => {
    const error = await provider.transferCall!({
      providerCallId: 'a1b2c3d4-0000-4000-8000-00000000dead',
      destination: '+15551234567',
      callerId: null,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect((error as ProviderRequestError).message).toBe('plivo answered 404');
  });
});
