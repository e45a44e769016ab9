/**
 * A recorded greeting on simulator calls (issue 37): the agent's start node has `greeting_type: "audio"` naming a
 * recording made through `/workflow-recordings` (by Dograh's integer `id`, as Dograh's editor stores it) and a
 * `delayed_start` of 1.5 s. The simulator's 16 kHz PCM leg gets the recording's converted samples unchanged, after
 * exactly the delay in media time; the transcript records the recording's transcript as the agent's first turn; the
 * LLM (the OpenAI fake) is never asked for a greeting and sees the transcript as what the agent said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { bytesToSamples, parseWav } from '../../voice/audio/wav';
import {
  lastUserMessage,
  schemaNameOf,
  startOpenAiFake,
  type FakeChatRequest,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { runSimulatorCampaign, startVoiceHarness, type VoiceHarness } from '../simulator/voice-harness';
import { readAll } from '../uploads/upload-helpers';
import { spokenLine, uploadRecording } from '../workflow-recordings/recording-audio';
import { firstSound, offsetOf } from './recorded-greeting-helpers';

const TRANSCRIPT = 'Hello, this is Acme calling about your order.';
const REPLY = 'Great. Your order ships tomorrow.';
const CALLEE = 'Yes, I can hear you.';
const DELAY_SECONDS = 1.5;

function play(request: FakeChatRequest): FakeReply {
  if (schemaNameOf(request) === 'call_disposition')
    return { content: JSON.stringify({ disposition: 'other' }) };
  return { content: REPLY };
}

interface RunDetail {
  id: number;
  usage_info: { tts_characters?: number };
  transcript_public_url: string | null;
  bot_recording_public_url: string | null;
}

describe('a recorded greeting on the simulator', () => {
  let fake: OpenAiFake;
  let h: VoiceHarness;
  let run: RunDetail;
  let converted: Int16Array;

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
    const { created } = await uploadRecording(h, h.org, spokenLine(TRANSCRIPT, 'mp3'), {
      format: 'mp3',
      transcript: TRANSCRIPT,
    });
    expect(created.statusCode, created.body).toBe(201);
    const recording = created.json().recordings[0];
    const row = await h.ctx.db
      .selectFrom('workflow_recordings')
      .select('pcm16_16000_key')
      .where('id', '=', recording.id)
      .executeTakeFirstOrThrow();
    converted = bytesToSamples(await readAll(await h.ctx.storage.getObjectStream(row.pcm16_16000_key)));
    const agent = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: {
        name: 'Acme orders',
        call_type: 'outbound',
        workflow_definition: {
          nodes: [
            {
              id: 'greet',
              type: 'startCall',
              data: {
                name: 'Greeting',
                prompt: 'Greet the caller.',
                greeting_type: 'audio',
                greeting_recording_id: recording.id,
                delayed_start: true,
                delayed_start_duration: DELAY_SECONDS,
              },
            },
          ],
          edges: [],
        },
        call_disposition_codes: { disposition_codes: ['other'] },
      },
    });
    expect(agent.statusCode, agent.body).toBe(201);
    const runs = await runSimulatorCampaign<RunDetail>(h, {
      agentId: agent.json().id,
      csv: ['phone_number,callee_script', `${phoneFor(330, 1)},"${CALLEE}|Thanks, bye! [hang up]"`].join(
        '\n',
      ),
      timeoutMs: 120_000,
    });
    run = runs[0]!;
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('plays the 16 kHz conversion unchanged, after exactly the delayed start in media time', async () => {
    const agent = parseWav(await download(run.bot_recording_public_url!));
    expect(agent.sampleRate).toBe(16000);
    const at = offsetOf(agent.samples, converted);
    expect(at).toBeGreaterThanOrEqual(0);
    // Nothing before it: the delay was silence, and the recording starts on the frame the delay ends on.
    expect(firstSound(agent.samples)).toBe(at + converted.findIndex((sample) => sample !== 0));
    expect(at).toBeGreaterThanOrEqual(DELAY_SECONDS * 16000);
    expect(at).toBeLessThanOrEqual(DELAY_SECONDS * 16000 + 320); // within the 20 ms frame the delay ends in
  });

  it('records the transcript as the first agent turn; the LLM answers the callee, never the greeting', async () => {
    const response = await h.app.inject({ method: 'GET', url: new URL(run.transcript_public_url!).pathname });
    const transcript = JSON.parse(response.body) as { turns: Array<{ role: string; content: string }> };
    expect(transcript.turns.slice(0, 3).map((turn) => [turn.role, turn.content])).toEqual([
      ['agent', TRANSCRIPT],
      ['user', CALLEE],
      ['agent', REPLY],
    ]);
    const replies = fake.requests.filter((request) => schemaNameOf(request) === null);
    expect(replies.length).toBeGreaterThan(0);
    expect(lastUserMessage(replies[0]!)).toBe(CALLEE);
    expect(replies[0]!.messages).toContainEqual(
      expect.objectContaining({ role: 'assistant', content: TRANSCRIPT }),
    );
    // The recording spends no text-to-speech characters. Each reply spends 32 (its two sentences, without the space
    // between them); the callee's goodbye may get a second reply, cut short by its hang-up.
    const replyCharacters = 'Great.'.length + 'Your order ships tomorrow.'.length;
    expect([replyCharacters, 2 * replyCharacters]).toContain(run.usage_info.tts_characters);
  });
});
