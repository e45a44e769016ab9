import { expect, it } from 'vitest';
import { destinationPolicy } from '../../net/outbound-destinations';
import { vonageNumbersApi } from '../../providers/vonage/vonage-numbers';
import { CONFIGS } from '../telephony/helpers';
import { startVonageFake, type VonageBehaviour, type VonageFake } from './fakes/vonage-fake';
import { REFUSAL, describeVendorContract, instructionsOf } from './contract';

describeVendorContract<VonageBehaviour, VonageFake>(
  {
    provider: 'vonage',
    title: 'Vonage calls report their outcomes through signed event webhooks',
    async start() {
      const fake = await startVonageFake({
        numbers: ['15005556100', '15005556101', '15005556102'].map((msisdn) => ({ msisdn, country: 'US' })),
      });
      return {
        fake,
        clear: {
          application_id: fake.applicationId,
          api_key: fake.apiKey,
          api_base_url: fake.url,
          numbers_api_base_url: fake.url,
        },
        secrets: {
          private_key: fake.privateKey,
          api_secret: fake.apiSecret,
          signature_secret: fake.signatureSecret,
        },
      };
    },
    endings: [
      ['+15005556001', { final: 'completed' }, { outcome: 'completed' }],
      ['+15005556002', { final: 'busy' }, { outcome: 'busy' }],
      ['+15005556003', { final: 'timeout' }, { outcome: 'no_answer' }],
      ['+15005556004', { final: 'rejected' }, { outcome: 'busy' }],
      ['+15005556005', { final: 'failed', detail: 'invalid_number' }, { outcome: 'invalid_number' }],
      ['+15005556006', { final: 'failed' }, { outcome: 'failed' }],
    ],
    voicemail: {
      to: '+15005556020',
      behaviour: { final: 'completed', machine: true },
      requested: (fake, callId) =>
        (fake.calls.get(callId)!.body.advanced_machine_detection as { mode?: string } | undefined)?.mode,
      requestedAs: 'detect',
      // Advanced AMD reports the machine among the events and the call goes on: the verdict is stored on the attempt.
      recorded: { provider_status: 'completed', answered_by: 'machine_start' },
    },
    duplicate: { to: '+15005556040', behaviour: { final: 'busy', duplicateFinal: true } },
    lookup: {
      to: '+15005556030',
      behaviour: { final: 'busy', dropFinal: true },
      status: { state: 'ended', outcome: 'busy' },
      unknown: { providerCallId: 'unknown-uuid', status: { state: 'not_found' } },
    },
    hangup: {
      to: '+15005556060',
      behaviour: { final: 'completed', holdOpen: true },
      recorded: { outcome: 'completed' },
    },
    callbacks: {
      to: '+15005556050',
      behaviour: { final: 'busy', dropFinal: true },
      forgeries: (fake, placed) => [
        postEvent(placed.callbackUrl, fake.sign(eventOf(placed), 'another-secret'), eventOf(placed)),
        postEvent(
          placed.callbackUrl,
          fake.sign(eventOf(placed)),
          eventOf(placed).replace('busy', 'completed'),
        ),
      ],
      signed: (fake, placed) => postEvent(placed.callbackUrl, fake.sign(eventOf(placed)), eventOf(placed)),
      outcome: 'busy',
    },
    numberSync: {
      address: '+15005556100',
      bindOn: 'create',
      bound({ fake, world, configurationId }) {
        expect(fake.application.capabilities.voice.webhooks.answer_url!.address).toBe(
          `${world.baseUrl}/api/v1/telephony/inbound/vonage/${configurationId}`,
        );
        expect(fake.linked.get('15005556100')).toBe(fake.applicationId);
        const update = fake.http.requests.find((r) => r.path === '/number/update')!;
        expect(update.headers['content-type']).toBe('application/x-www-form-urlencoded');
        // The account's key and secret travel as basic authentication, never as parameters.
        expect(update.headers.authorization).toBe(
          `Basic ${Buffer.from(`${fake.apiKey}:${fake.apiSecret}`).toString('base64')}`,
        );
        expect(Object.fromEntries(new URLSearchParams(update.rawBody))).toEqual({
          country: 'US',
          msisdn: '15005556100',
          app_id: fake.applicationId,
        });
      },
      refusal: {
        arrange: (fake) => fake.failNumberLinks('Number not found in your account'),
        restore: (fake) => fake.failNumberLinks(null),
        message: 'vonage: numbers API answered 420',
      },
    },
    inbound: {
      numbers: { active: '+15005556101', archived: '+15005556102' },
      call: async ({ fake }, to, from) =>
        JSON.parse(await instructionsOf(fake.callInbound(to, from))) as unknown,
      got: {
        // The agent's call joins its run's media stream; the run and the call's uuid travel as headers.
        accepted: [
          {
            action: 'connect',
            endpoint: [
              {
                type: 'websocket',
                uri: expect.stringMatching(/^ws:\/\/[^/]+\/media\/vonage\/\d+\.\d+\.[0-9a-f]{8}\.[A-Za-z0-9_-]{43}$/),
                'content-type': 'audio/l16;rate=16000',
                headers: {
                  run_id: expect.stringMatching(/^\d+$/),
                  call_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
                },
                authorization: { type: 'vonage' },
              },
            ],
          },
        ],
        refused: [{ action: 'talk', text: REFUSAL }],
      },
    },
  },
  (context) => {
    it("reports a number the account does not own, and the Numbers API refusing the account's credentials", async () => {
      const { world, fake, configurationId } = context;
      const { headers } = world.organization;
      const foreign = await world.t.app.inject({
        method: 'POST',
        url: `${CONFIGS}/${configurationId}/phone-numbers`,
        headers,
        payload: { address: '+15005556199', inbound_workflow_id: world.agentId },
      });
      expect(foreign.statusCode).toBe(201);
      expect(foreign.json().provider_sync).toMatchObject({
        ok: false,
        message: 'vonage: 15005556199 is not a number of this account',
      });

      // With the country known, the link goes straight to /number/update; a wrong secret is refused there.
      const numbers = (apiSecret: string) =>
        vonageNumbersApi({
          baseUrl: fake.url,
          apiKey: fake.apiKey,
          apiSecret,
          destinations: destinationPolicy(['127.0.0.1/32']),
        });
      const link = { msisdn: '15005556100', country: 'US', appId: fake.applicationId };
      expect(await numbers(fake.apiSecret).link(link)).toEqual({ ok: true, message: 'linked' });
      // The vendor's words go to logs only (vendorBody), never into the message clients see.
      expect(await numbers('wrong').link(link)).toMatchObject({
        ok: false,
        message: 'numbers API answered 401',
        vendorBody: '401 authentication failed',
      });
      expect(await numbers(fake.apiSecret).link({ ...link, country: 'GB' })).toMatchObject({
        ok: false,
        message: 'numbers API answered 420',
      });
    });
  },
);

/** The call's final event as Vonage posts it. */
function eventOf(placed: { providerCallId: string }): string {
  return JSON.stringify({ uuid: placed.providerCallId, status: 'busy' });
}

function postEvent(url: string, authorization: string, body: string) {
  return fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization } });
}
