/**
 * A call hearing its caller through OpenAI Realtime transcription, configured as an organization's voice
 * configuration: the recogniser is built from the stored, sealed key, model and base URL (the loopback fake of
 * test/voice/fakes/openai-realtime-fake.ts), the agent answers the words the vendor transcribed, and a vendor that
 * fails a turn ends the call with `stt_error` after the apology, as any recogniser's failure does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVoiceSettings } from '../../agents/voice-settings';
import { APOLOGY } from '../../voice/call-lines';
import type { SpeechRecognizer } from '../../voice/speech';
import { resolveCallVoices } from '../../voice/voice-setup';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startOpenAiFake } from '../runtime/fakes/openai-fake';
import { GREETING, STORY, answerAsAgent, startCall } from './call-harness';
import { startOpenAiRealtimeFake, type OpenAiRealtimeFake } from './fakes/openai-realtime-fake';

const llm = await startOpenAiFake();
answerAsAgent(llm);

describe('a call heard through OpenAI Realtime transcription', () => {
  let t: TestApp;
  let org: TestOrganization;
  let realtime: OpenAiRealtimeFake;
  let recognizer: SpeechRecognizer;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    realtime = await startOpenAiRealtimeFake('sk-realtime-org-key-3141');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: org.headers,
      payload: {
        name: 'realtime',
        stt: {
          provider: 'openai-realtime',
          api_key: realtime.apiKey,
          model: 'gpt-4o-mini-transcribe',
          base_url: realtime.baseUrl,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().stt.api_key).not.toBe(realtime.apiKey);
    const voices = await resolveCallVoices(
      { db: t.ctx.db, config: t.ctx.config },
      {
        organizationId: org.organizationId,
        mode: 'simulator',
        settings: readVoiceSettings({ voice_config_id: created.json().id }),
      },
    );
    recognizer = voices.recognizer!;
  });
  afterAll(async () => {
    await realtime?.close();
    await t?.close();
  });

  it('opens with the stored key and model, and the agent answers what the vendor transcribed', async () => {
    expect(recognizer.name).toBe('openai-realtime');
    const call = startCall({ fake: llm, recognizer });
    await call.runUntil(call.played(GREETING[1]!));
    const connection = realtime.connections.at(-1)!;
    expect(connection.authorization).toBe(`Bearer ${realtime.apiKey}`);
    expect(connection.updates[0]).toMatchObject({
      input_audio_format: 'pcm16',
      input_audio_transcription: { model: 'gpt-4o-mini-transcribe', language: 'en' },
    });

    // What the caller's audio is heard as comes from the vendor alone (the text sent beside it is not used).
    realtime.hear({ transcript: 'Please tell me a story.' });
    await call.say('Something else entirely.');
    await call.runUntil(call.played(STORY[0]!));
    call.pipeline.shutdown();
    const finished = await call.pipeline.done;
    expect(finished.state.turns.map((turn) => turn.content)).toContain('Please tell me a story.');
    expect(connection.committed).toHaveLength(1);
  });

  it('ends the call with stt_error when the vendor fails the caller’s turn', async () => {
    const call = startCall({ fake: llm, recognizer });
    await call.runUntil(call.played(GREETING[1]!));
    realtime.hear({ failure: 'Input transcription failed for item.' });
    await call.say('What are your opening hours?');
    await call.runUntil();
    expect(call.playedMarks().at(-1)).toBe(APOLOGY);
    expect(call.transport.closedWith).toBe('stt_error');
    const finished = call.finished()!;
    expect(finished.endReason).toBe('stt_error');
    expect(finished.error).toMatch(/OpenAI realtime transcription failed: Input transcription failed/);
  });
});
