import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWav } from '../../voice/audio/wav';
import { rms } from '../../voice/audio/frames';
import { phoneFor } from '../engine/engine-harness';
import {
  lastUserMessage,
  schemaNameOf,
  startOpenAiFake,
  type FakeChatRequest,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { threeNodeAgent } from '../runtime/textchat-fixtures';
import { isCalleeRequest } from '../simulator/simulated-call-script';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';

/**
 * The acceptance, first part: a 10-contact simulator campaign whose agent's voice configuration recognises
 * speech with pocketsphinx and speaks with the local flite voice, callees speaking flite `slt` (five playing a
 * persona through the LLM fake, five following a callee_script), the agent's LLM a fake. Every run's transcript
 * holds the expected words from both sides (the callee's as pocketsphinx heard them), and its recordings play.
 */

const CALLEE_LINES = ['Hello, yes, I have a minute.', 'Yes, send me the demo please.', 'Thank you, goodbye.'];
const GREETING = 'Hello, this is Acme calling about Rocket.';
const OFFER = 'Would you like a demo of Rocket?';
const GOODBYE = 'Thank you, goodbye!';

const CONTACTS = Array.from({ length: 10 }, (_, i) => ({
  phone: phoneFor(900 + i, i % 6),
  name: `Caller ${i}`,
  script: i % 2 === 0 ? `${CALLEE_LINES.join('|')} [hang up]` : '',
}));

/** The agent walks the demo booker's graph on the words it heard; the persona callees answer what they heard. */
function play(request: FakeChatRequest): FakeReply {
  const heard = lastUserMessage(request).toLowerCase();
  if (isCalleeRequest(request)) {
    if (heard.includes('goodbye'))
      return { content: CALLEE_LINES[2], toolCalls: [{ name: 'hang_up', arguments: {} }] };
    return { content: heard.includes('demo') ? CALLEE_LINES[1] : CALLEE_LINES[0] };
  }
  const schema = schemaNameOf(request);
  if (schema === 'extraction')
    return { content: JSON.stringify({ wants_demo: /\bdemo\b/.test(heard), email: null }) };
  if (schema === 'call_disposition')
    return {
      content: JSON.stringify({ disposition: /\bdemo\b/.test(heard) ? 'demo_booked' : 'not_interested' }),
    };
  const step = /Current step: (.+)/.exec(request.messages[0]!.content)?.[1];
  const tool = (name: string): FakeReply => ({ toolCalls: [{ name, arguments: {} }] });
  switch (step) {
    case 'Greeting':
      return heard ? tool('listening') : { content: GREETING };
    case 'Offer a demo':
      return /\bdemo\b/.test(heard) ? tool('answered') : { content: OFFER };
    case 'Goodbye':
      return { content: GOODBYE };
    default:
      return { status: 400, message: `unexpected step ${step}` };
  }
}

interface RunDetail {
  id: number;
  called_number: string;
  is_completed: boolean;
  gathered_context: Record<string, unknown>;
  cost_info: { call_duration_seconds?: number };
  usage_info: { stt_seconds?: number; tts_characters?: number };
  transcript_public_url: string | null;
  recording_public_url: string | null;
  user_recording_public_url: string | null;
  bot_recording_public_url: string | null;
}

interface Transcript {
  end_reason: string;
  turns: Array<{ role: 'agent' | 'user'; content: string }>;
}

describe('a simulator campaign talks: pocketsphinx and flite on both sides', () => {
  let fake: OpenAiFake;
  let h: VoiceHarness;
  const runs: RunDetail[] = [];

  const download = async (url: string) => {
    const response = await h.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(play);
    h = await startVoiceHarness({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MAX_RETRIES: '0',
      SIMULATOR_MEDIA_SPEED: '0',
    });
    await h.startWorker();
    const voiceConfig = await h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: h.org.headers,
      payload: {
        name: 'Offline voices',
        stt: { provider: 'pocketsphinx' },
        tts: { provider: 'local', engine: 'flite', voice: 'slt' },
      },
    });
    expect(voiceConfig.statusCode).toBe(201);
    const agent = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: {
        ...threeNodeAgent(),
        workflow_configurations: { voice_config_id: voiceConfig.json().id, recording_enabled: true },
      },
    });
    expect(agent.statusCode).toBe(201);

    const csv = [
      'phone_number,name,callee_script',
      ...CONTACTS.map((c) => `${c.phone},${c.name},"${c.script}"`),
    ];
    runs.push(
      ...(await runSimulatorCampaign<RunDetail>(h, {
        agentId: agent.json().id,
        csv: csv.join('\n'),
        settings: { max_concurrency: 5 },
        timeoutMs: 240_000,
      })),
    );
  }, 300_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('completes every run with a transcript holding both sides: the agent as it spoke, the callee as heard', async () => {
    expect(runs).toHaveLength(CONTACTS.length);
    for (const run of runs) {
      if (process.env.DEBUG_VOICE)
        console.log(run.gathered_context, (await download(run.transcript_public_url!)).toString());
      expect(run).toMatchObject({
        is_completed: true,
        gathered_context: { outcome: 'completed', mapped_call_disposition: 'demo_booked', wants_demo: true },
      });
      const transcript = JSON.parse((await download(run.transcript_public_url!)).toString()) as Transcript;
      expect(transcript.end_reason).toBe('completed');
      const said = (role: 'agent' | 'user') =>
        transcript.turns
          .filter((turn) => turn.role === role)
          .map((turn) => turn.content.toLowerCase())
          .join(' ');
      expect(said('agent')).toContain('acme');
      expect(said('agent')).toContain('demo of rocket');
      expect(said('agent')).toContain('goodbye');
      // pocketsphinx's words for the callee's flite speech (it hears these phrases word for word at 16 kHz).
      expect(said('user')).toMatch(/\bminute\b/);
      expect(said('user')).toMatch(/\bdemo\b/);
      // The callee was heard through its audio: speech-to-text seconds were billed.
      expect(run.usage_info.stt_seconds).toBeGreaterThan(1);
      expect(run.usage_info.tts_characters).toBeGreaterThanOrEqual(GREETING.length + OFFER.length);
    }
    // Both kinds of callee talked: the personas through the LLM fake, the scripted ones without it.
    const personaCalls = fake.requests.filter(isCalleeRequest).map((r) => r.messages[0]!.content);
    for (const contact of CONTACTS)
      expect(personaCalls.some((prompt) => prompt.includes(`You are ${contact.name}.`))).toBe(
        !contact.script,
      );
  });

  it('stores recordings that play: caller, agent and mixed WAVs as long as the call, each with sound', async () => {
    for (const run of runs) {
      const duration = run.cost_info.call_duration_seconds!;
      expect(duration).toBeGreaterThan(3);
      const tracks = {
        mixed: parseWav(await download(run.recording_public_url!)),
        caller: parseWav(await download(run.user_recording_public_url!)),
        agent: parseWav(await download(run.bot_recording_public_url!)),
      };
      for (const [name, wav] of Object.entries(tracks)) {
        const seconds = wav.samples.length / wav.sampleRate;
        expect(seconds, `${name} track of run ${run.id}`).toBeCloseTo(duration, 1);
        expect(rms(wav.samples), `${name} track of run ${run.id}`).toBeGreaterThan(100);
      }
    }
  });
});
