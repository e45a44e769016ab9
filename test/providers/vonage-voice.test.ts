/**
 * Vonage's live-call pieces outside the media stream: the answer NCCO (a WebSocket connect, or a greeting without a
 * run), advanced machine detection asked for on dial and its event reports read in Twilio's words, and transfers
 * moving the call to a connect NCCO (Vonage fake, `PUT /v1/calls/:uuid`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPolicy } from '../../net/outbound-destinations';
import type { TelephonyProvider } from '../../providers/provider';
import { vonageAdapter } from '../../providers/vonage';
import { vonageAnswer } from '../../providers/vonage/vonage-answer';
import type { WebhookRequest } from '../../providers/webhook-request';
import { startHttpFake, type HttpFake } from './fakes/http-fake';
import { startVonageFake, type VonageFake } from './fakes/vonage-fake';

const STATUS_PATH = '/api/v1/telephony/status/vonage/9';
const STATUS_URL = `https://api.example.com${STATUS_PATH}?token=abc`;

/** An event webhook as the status route hands it over. */
const eventRequest = (body: Record<string, unknown>, url = STATUS_URL): WebhookRequest => ({
  url,
  rawBody: JSON.stringify(body),
  body,
  form: new URLSearchParams(),
  headers: {},
});

describe('Vonage live calls: NCCOs, machine detection, transfers', () => {
  let fake: VonageFake;
  let provider: TelephonyProvider;
  /** Where the dialled calls' events go (the fake posts them as Vonage does). */
  let events: HttpFake;
  beforeAll(async () => {
    events = await startHttpFake();
    events.route('POST', STATUS_PATH, () => ({ status: 200, body: { received: true } }));
    fake = await startVonageFake();
    provider = vonageAdapter.connect({
      configurationId: 1,
      config: { application_id: fake.applicationId, api_key: fake.apiKey, api_base_url: fake.url },
      secrets: { private_key: fake.privateKey, signature_secret: fake.signatureSecret },
      environment: {
        publicBaseUrl: 'https://api.example.com',
        destinations: destinationPolicy(['127.0.0.1/32']),
      },
    }) as TelephonyProvider;
  });
  afterAll(async () => {
    await fake.close();
    await events.close();
  });

  it('answers with a connect to the WebSocket, the per-call values and the call uuid as headers; a greeting without a run', () => {
    const input = {
      agentName: 'Ada',
      runId: 5,
      streamUrl: 'wss://media.example.com/media/vonage/5.1795000000.sig',
      parameters: { run_id: '5', attempt_id: '8' },
      providerCallId: 'aaaaaaaa-bbbb-cccc-dddd-0123456789ab',
    };
    const answer = vonageAnswer(input);
    expect(answer.contentType).toBe('application/json');
    expect(JSON.parse(answer.body)).toEqual([
      {
        action: 'connect',
        endpoint: [
          {
            type: 'websocket',
            uri: input.streamUrl,
            'content-type': 'audio/l16;rate=16000',
            headers: { run_id: '5', attempt_id: '8', call_uuid: input.providerCallId },
            authorization: { type: 'vonage' },
          },
        ],
      },
    ]);
    expect(JSON.parse(vonageAnswer({ ...input, runId: null, streamUrl: null }).body)).toEqual([
      { action: 'talk', text: 'Hello, this is Ada. Thank you for your time. Goodbye.' },
    ]);
  });

  it('asks for advanced machine detection on dial: detect, or detect_beep with the mode in the event URL when a message is left', async () => {
    const statusUrl = `${events.url}${STATUS_PATH}?token=abc`;
    const place = (leavesVoicemail: boolean, amdEnabled = true) =>
      provider.placeCall({
        attemptId: '9',
        from: '+15005550006',
        to: '+15005556070',
        statusCallbackUrl: statusUrl,
        ringTimeoutSeconds: 30,
        maxCallDurationSeconds: 600,
        amdEnabled,
        leavesVoicemail,
      });
    const bodyOf = async (placed: Promise<{ providerCallId: string }>) =>
      fake.calls.get((await placed).providerCallId)!.body;
    expect(await bodyOf(place(false))).toMatchObject({
      advanced_machine_detection: { behavior: 'continue', mode: 'detect' },
      event_url: [statusUrl],
      answer_url: [`${events.url}/api/v1/telephony/answer/vonage/9?token=abc`],
    });
    expect(await bodyOf(place(true))).toMatchObject({
      advanced_machine_detection: { behavior: 'continue', mode: 'detect_beep', beep_timeout: 45 },
      event_url: [`${statusUrl}&amd=detect_beep`],
    });
    const plain = await bodyOf(place(false, false));
    expect(plain).not.toHaveProperty('advanced_machine_detection');
    expect(plain).not.toHaveProperty('machine_detection');
    await fake.settled();
  });

  it("reads detection reports as verdicts in Twilio's words, a machine before its beep as no verdict yet", () => {
    const webhook = vonageAdapter.statusWebhook!;
    const detection = vonageAdapter.machineDetection!;
    const uuid = 'aaaaaaaa-bbbb-cccc-dddd-0123456789ab';
    const beepUrl = `${STATUS_URL}&amd=detect_beep`;
    const verdict = (body: Record<string, unknown>, url?: string) => {
      const request = eventRequest({ uuid, ...body }, url);
      return webhook.parse(request) ?? detection.parse(request);
    };
    expect(verdict({ status: 'human' })).toEqual({ providerCallId: uuid, answeredBy: 'human' });
    expect(verdict({ status: 'machine' })).toEqual({ providerCallId: uuid, answeredBy: 'machine_start' });
    expect(verdict({ status: 'machine' }, beepUrl)).toEqual({
      state: 'in_progress',
      providerCallId: uuid,
      rawStatus: 'machine',
    });
    expect(verdict({ status: 'machine', sub_state: 'beep_start' }, beepUrl)).toEqual({
      providerCallId: uuid,
      answeredBy: 'machine_end_beep',
    });
    expect(verdict({ status: 'machine', sub_state: 'beep_timeout' }, beepUrl)).toEqual({
      providerCallId: uuid,
      answeredBy: 'machine_end_other',
    });
    // Call statuses stay call statuses; a report without a uuid is nothing.
    expect(verdict({ status: 'answered' })).toMatchObject({ state: 'in_progress', rawStatus: 'answered' });
    expect(detection.parse(eventRequest({ status: 'human' }))).toBeNull();
    expect(detection.parse(eventRequest({ uuid, status: 'completed' }))).toBeNull();
  });

  it('transfers a live call to a number or a SIP URI through a connect NCCO, from the call line', async () => {
    const answered = fake.liveCall();
    await provider.transferCall!({
      providerCallId: answered,
      destination: '+15551234567',
      callerId: '+15005550006',
    });
    await provider.transferCall!({
      providerCallId: answered,
      destination: 'sip:desk@pbx.example.com',
      callerId: null,
    });
    expect(fake.transfers).toEqual([
      {
        uuid: answered,
        ncco: [
          { action: 'connect', from: '15005550006', endpoint: [{ type: 'phone', number: '15551234567' }] },
        ],
      },
      {
        uuid: answered,
        ncco: [{ action: 'connect', endpoint: [{ type: 'sip', uri: 'sip:desk@pbx.example.com' }] }],
      },
    ]);
    const sent = fake.http.requests.filter((r) => r.method === 'PUT' && r.path === `/v1/calls/${answered}`);
    expect(JSON.parse(sent[0]!.rawBody)).toMatchObject({ action: 'transfer', destination: { type: 'ncco' } });
    await expect(
      provider.transferCall!({ providerCallId: answered, destination: 'tel:5551234', callerId: null }),
    ).rejects.toThrow(/E\.164 number or a sip: URI/);
    await expect(
      provider.transferCall!({ providerCallId: 'no-such-call', destination: '+15551234567', callerId: null }),
    ).rejects.toThrow();
    expect(fake.transfers).toHaveLength(2);
  });
});
