import { expect } from 'vitest';
import { providerFor, canPlaceCalls } from '../../providers/registry';
import { destinationPolicy } from '../../net/outbound-destinations';
import { simulatorApiToken } from '../../simulator/auth';
import { startSimulatorFake, type SimulatorBehaviour, type SimulatorFake } from './fakes/simulator-fake';
import { describeVendorContract } from './contract';
import type { Placed } from './contract/vendor';

const SCRIPTED = { invalidNumber: '+15005553011', canceled: '+15005553012' };

describeVendorContract<SimulatorBehaviour, SimulatorFake>({
  provider: 'simulator',
  title: 'Simulated calls end as their number says and report through the token-signed status webhook',
  async start(world) {
    return {
      fake: startSimulatorFake(world, simulatorApiToken(world.t.ctx.config)),
      // Answered calls talk for two seconds: long enough to look one up, or to report its end ourselves, first.
      clear: {
        ring_seconds: 0,
        talk_seconds: 2,
        script: { [SCRIPTED.invalidNumber]: ['invalid_number'], [SCRIPTED.canceled]: ['canceled'] },
      },
      secrets: {},
    };
  },
  // The engine reaches the simulator's calls API in the test app, with the deployment's token.
  connect(world, configurationId, clear) {
    const adapter = providerFor(
      { id: configurationId, provider: 'simulator', config: clear },
      {},
      {
        publicBaseUrl: world.baseUrl,
        destinations: destinationPolicy(world.t.ctx.config.security.allowedPrivateDestinations),
        simulator: { baseUrl: world.baseUrl, token: simulatorApiToken(world.t.ctx.config) },
      },
    );
    if (!canPlaceCalls(adapter)) throw new Error('the simulator cannot place calls');
    return adapter;
  },
  // The number's last digit: 0–5 completed, 6 busy, 7 no_answer, 8 voicemail, 9 failed; the rest by script.
  endings: [
    ['+15005553000', {}, row('completed', 'completed/human', 'sip:200')],
    ['+15005553005', {}, row('completed', 'completed/human', 'sip:200')],
    ['+15005553006', {}, row('busy', 'busy', 'sip:486')],
    ['+15005553007', {}, row('no_answer', 'no-answer', 'sip:480')],
    ['+15005553008', {}, row('voicemail', 'completed/machine_start', 'sip:200')],
    ['+15005553009', {}, row('failed', 'failed', 'sip:500')],
    [SCRIPTED.invalidNumber, {}, row('invalid_number', 'failed', 'sip:404')],
    [SCRIPTED.canceled, {}, row('canceled', 'canceled', 'sip:487')],
  ],
  duplicate: { to: '+15005553046', behaviour: { finalSentTwice: true } },
  lookup: {
    to: '+15005553030',
    behaviour: {},
    status: { state: 'in_progress', rawStatus: 'in-progress' },
    unknown: { providerCallId: 'SIMunknown', status: { state: 'not_found' } },
  },
  // The simulator has nothing to cut (a simulated call ends when its time is up): the end is recorded all the same.
  hangup: { to: '+15005553050', behaviour: {}, recorded: { outcome: 'completed' } },
  callbacks: {
    to: '+15005553060',
    behaviour: {},
    forgeries: (_fake, placed) => [
      postReport(withToken(placed.callbackUrl, 'forged'), busyReport(placed)),
      postReport(
        placed.callbackUrl.replace(`/${placed.attemptId}?`, `/${placed.attemptId + 1}?`),
        busyReport(placed),
      ),
    ],
    signed: (_fake, placed) => postReport(placed.callbackUrl, busyReport(placed)),
    outcome: 'busy',
  },
  numberSync: {
    address: '+15005553097',
    bindOn: 'create',
    bound({ world }, sync) {
      expect(sync).toEqual({
        ok: true,
        message: `simulator: inbound calls to +15005553097 go to agent ${world.agentId}`,
      });
    },
  },
});

function row(outcome: string, providerStatus: string, cause: string) {
  return { outcome, provider_status: providerStatus, provider_cause: cause };
}

/** A final report as the simulator posts it (Twilio's field names, as JSON). */
function busyReport(placed: Placed) {
  return {
    CallSid: placed.providerCallId,
    AttemptRef: String(placed.attemptId),
    CallStatus: 'busy',
    AnsweredBy: null,
    CallDuration: 0,
    SipResponseCode: 486,
  };
}

function withToken(callbackUrl: string, token: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

function postReport(url: string, report: Record<string, unknown>) {
  return fetch(url, {
    method: 'POST',
    body: JSON.stringify(report),
    headers: { 'content-type': 'application/json' },
  });
}
