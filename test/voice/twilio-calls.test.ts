import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { createLogger } from '../../config/logger';
import { parseWav } from '../../voice/audio/wav';
import { startMediaServer, type MediaServer } from '../../media/server';
import { readText } from '../media/fixtures';
import { startTwilioFake, type TwilioFake } from '../providers/fakes/twilio-fake';
import { openTwilioStream, type TwilioMediaFake } from '../providers/fakes/twilio-media-fake';
import {
  finishedAttempt,
  insertConfiguration,
  placeAttempt,
  adapterOf,
  startProviderWorld,
  type ProviderWorld,
} from '../providers/provider-world';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';
import { CONFIGS } from '../telephony/helpers';
import { agentReplies, CLOSING, definition, GREETING, STORY } from './call-harness';
import { startDeepgramFake, type DeepgramFake } from './fakes/deepgram-fake';

/**
 * Live Twilio calls end to end, offline: the API answers Twilio's webhooks with `<Connect><Stream>`, the media
 * process (media/server.ts) takes the stream the Twilio media fake opens, and the agent talks: flite speech as the
 * caller, Deepgram's fake hearing it, the OpenAI fake as the LLM, the local synthesiser as the agent's voice.
 */
const BOUND = '+15005554001';
const VOICEMAIL = 'Hi, this is Acme. Please call us back. Goodbye.';

describe('a Twilio call talks with its agent over a bidirectional media stream', () => {
  let world: ProviderWorld;
  let llm: OpenAiFake;
  let deepgram: DeepgramFake;
  let twilio: TwilioFake;
  let media: MediaServer;
  let configurationId: number;

  beforeAll(async () => {
    llm = await startOpenAiFake();
    llm.handle(agentReplies);
    deepgram = await startDeepgramFake();
    const mediaPort = await freePort();
    world = await startProviderWorld({
      LLM_BASE_URL: llm.baseUrl,
      LLM_MAX_RETRIES: '0',
      MEDIA_HOST: '127.0.0.1',
      MEDIA_PORT: String(mediaPort),
      MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
    });
    const { config, db, storage } = world.t.ctx;
    media = await startMediaServer({
      config,
      db,
      storage,
      logger: createLogger({ level: config.logLevel, pretty: false }),
    });
    twilio = await startTwilioFake({ numbers: [BOUND] });
    configurationId = await insertConfiguration(
      world,
      'twilio',
      { account_sid: twilio.accountSid, api_base_url: twilio.url },
      { auth_token: twilio.authToken },
    );
    const voiceConfig = await world.t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: world.organization.headers,
      payload: {
        name: 'deepgram-fake',
        stt: { provider: 'deepgram', api_key: deepgram.apiKey, base_url: deepgram.baseUrl },
        tts: { provider: 'local' },
      },
    });
    expect(voiceConfig.statusCode).toBe(201);
    await db
      .updateTable('agent_definitions')
      .set({ workflow_definition: JSON.stringify(definition) })
      .where('agent_id', '=', world.agentId)
      .execute();
    await db
      .updateTable('agents')
      .set({
        workflow_configurations: JSON.stringify({
          voice_config_id: voiceConfig.json().id,
          vad_configuration: { start_seconds: 0.3, stop_seconds: 0.5 },
          max_user_idle_timeout: 4,
          voicemail_message: VOICEMAIL,
        }),
        call_disposition_codes: JSON.stringify({ disposition_codes: ['done'] }),
      })
      .where('id', '=', world.agentId)
      .execute();
    const number = await world.t.app.inject({
      method: 'POST',
      url: `${CONFIGS}/${configurationId}/phone-numbers`,
      headers: world.organization.headers,
      payload: { address: BOUND, inbound_workflow_id: world.agentId },
    });
    expect(number.statusCode).toBe(201);
  });
  afterAll(async () => {
    await media?.close({ graceMs: 0 });
    await twilio?.close();
    await deepgram?.close();
    await llm?.close();
    await world?.close();
  });

  /** An inbound call to the bound number: Twilio asks for TwiML, then opens the stream it names. */
  async function inboundCall(): Promise<{ fake: TwilioMediaFake; runId: number }> {
    const answer = await twilio.callInbound(BOUND, '+14155550100');
    expect(answer.status).toBe(200);
    const opening = await openTwilioStream({
      twiml: answer.text,
      authToken: twilio.authToken,
      accountSid: twilio.accountSid,
      // Four times real time: fast, and slow enough that a loaded machine's pipeline keeps up with the far end's
      // playback (a pipeline lagging seconds of media behind would hear a barge-in after the story ended).
      speed: 4,
    });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const runId = Number(/name="run_id" value="(\d+)"/.exec(answer.text)![1]);
    return { fake: opening.fake, runId };
  }

  /** The caller says `text` (flite speech; Deepgram's fake hears `text` at the end of the turn). */
  async function callerSays(fake: TwilioMediaFake, text: string) {
    deepgram.hear({ finals: [text] });
    await fake.say(text);
  }

  /**
   * Runs the clock until the agent said `sentences` more sentences: one mark comes back per sentence played (the
   * pipeline marks each), and nothing is left to play.
   */
  async function untilAgentSaid(fake: TwilioMediaFake, sentences: number, maxMs = 20_000) {
    const played = () => fake.far.marks.filter((mark) => !mark.cleared).length;
    const target = played() + sentences;
    await fake.far.run(() => played() >= target && fake.far.queuedSamples === 0, maxMs);
  }

  async function readBytes(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await world.t.ctx.storage.getObjectStream(key))
      chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  async function completedRun(runId: number) {
    for (let i = 0; i < 200; i++) {
      const run = await world.t.ctx.db
        .selectFrom('runs')
        .selectAll()
        .where('id', '=', runId)
        .executeTakeFirstOrThrow();
      if (run.is_completed) return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`run ${runId} did not complete`);
  }

  async function transcriptOf(runId: number) {
    const run = await completedRun(runId);
    expect(run.transcript_key).toBeTruthy();
    return {
      run,
      transcript: JSON.parse(await readText(world.t.ctx.storage, run.transcript_key!)) as {
        end_reason: string;
        turns: Array<{ role: string; content: string }>;
      },
    };
  }

  it('answers an inbound call with the stream, greets in audio, takes turns, yields to barge-in and hangs up at the end node', async () => {
    const { fake, runId } = await inboundCall();
    await untilAgentSaid(fake, GREETING.length);
    expect(fake.far.heardFrames.length).toBeGreaterThan(50);

    const heardBeforeStory = fake.far.marks.filter((mark) => !mark.cleared).length;
    await callerSays(fake, 'Tell me a story please.');
    // The story's first sentence is played (its mark came back); with a second of the next one queued, the caller
    // talks over it.
    const storyPlayed = () => fake.far.marks.filter((mark) => !mark.cleared).length - heardBeforeStory;
    await fake.far.run(() => storyPlayed() >= 1 && fake.far.queuedSamples >= 8000, 20_000);
    // The caller talks over the story: the agent clears its audio, and nothing queued before the clear is heard.
    await callerSays(fake, 'Wait, stop, I have a question.');
    await fake.far.run(() => fake.far.clears.length > 0, 10_000);
    const clearedAt = fake.far.clears[0]!;
    // The story's sentences the caller heard before the clear (one mark per sentence played).
    const storyHeard =
      fake.far.marks.filter((mark) => !mark.cleared && mark.atMs <= clearedAt).length - heardBeforeStory;
    expect(storyHeard).toBeGreaterThanOrEqual(1);
    expect(storyHeard).toBeLessThan(STORY.length);
    // The agent answers the question: "You said …. What else?"
    await untilAgentSaid(fake, 2);
    const afterClear = fake.far.heardFrames.filter((at) => at > clearedAt);
    const reply = fake.sent.find((s) => s.atMs > clearedAt && s.message.event === 'media');
    // Every frame heard after the clear came from audio sent after it (the reply to the question).
    expect(afterClear.every((at) => at >= reply!.atMs)).toBe(true);

    await callerSays(fake, 'Thank you, goodbye.');
    await fake.far.run(() => false, 30_000).catch(() => undefined);
    expect((await fake.closed).byService).toBe(true);
    expect(fake.violations).toEqual([]);

    const { run, transcript } = await transcriptOf(runId);
    const agentSaid = transcript.turns
      .filter((t) => t.role === 'agent')
      .map((t) => t.content)
      .join(' ');
    const callerSaid = transcript.turns
      .filter((t) => t.role === 'user')
      .map((t) => t.content)
      .join(' ');
    expect(agentSaid).toContain(GREETING[0]);
    // The interrupted story keeps exactly what was played.
    const story = transcript.turns.find((t) => t.role === 'agent' && t.content.startsWith(STORY[0]!));
    expect(story?.content).toBe(STORY.slice(0, storyHeard).join(' '));
    expect(agentSaid).toContain(CLOSING[0]);
    expect(callerSaid).toContain('Tell me a story please.');
    expect(transcript.end_reason).toBe('completed');
    expect(run.recording_key).toBeTruthy();
    const recording = parseWav(await readBytes(run.recording_key!));
    expect(recording.samples.length).toBeGreaterThan(0);
  });

  it('hears DTMF, and ends a silent call after asking once whether the caller is still there', async () => {
    const { fake, runId } = await inboundCall();
    await untilAgentSaid(fake, GREETING.length);
    fake.press('5');
    await untilAgentSaid(fake, 2);
    await fake.far.run(() => false, 30_000).catch(() => undefined);
    expect((await fake.closed).byService).toBe(true);
    const { transcript } = await transcriptOf(runId);
    expect(transcript.turns.some((t) => t.role === 'user' && t.content.includes('[pressed 5]'))).toBe(true);
    expect(transcript.end_reason).toBe('silence_timeout');
  });

  it('leaves the voicemail message on a machine (asynchronous AMD) and hangs up; the outcome is voicemail', async () => {
    const to = '+15005554100';
    twilio.behave(to, { final: 'completed', answeredBy: 'machine_end_beep', holdOpen: true });
    const provider = adapterOf(
      world,
      configurationId,
      'twilio',
      { account_sid: twilio.accountSid, api_base_url: twilio.url },
      { auth_token: twilio.authToken },
    );
    const placed = await placeAttempt(world, {
      adapter: provider,
      configurationId,
      phoneNumber: to,
      amdEnabled: true,
    });
    await twilio.settled();
    const answerUrl = twilio.calls.get(placed.providerCallId)!.form.get('Url')!;
    const answered = new URLSearchParams({ CallSid: placed.providerCallId, CallStatus: 'in-progress' });
    const twiml = await fetch(answerUrl, {
      method: 'POST',
      body: answered.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.sign(answerUrl, answered),
      },
    });
    const opening = await openTwilioStream({
      twiml: await twiml.text(),
      authToken: twilio.authToken,
      accountSid: twilio.accountSid,
      callSid: placed.providerCallId,
    });
    if (!opening.opened) throw new Error(`stream refused with ${opening.status}`);
    const { fake } = opening;
    await fake.far.run(() => false, 30_000).catch(() => undefined);
    expect((await fake.closed).byService).toBe(true);
    await twilio.twimlEnded(placed.providerCallId, Math.ceil(fake.far.mediaMs / 1000));
    expect(await finishedAttempt(world, placed.attemptId)).toMatchObject({
      outcome: 'voicemail',
      answered_by: 'machine_end_beep',
    });
    const { transcript } = await transcriptOf(placed.runId);
    expect(transcript.turns.map((t) => t.content).join(' ')).toContain(VOICEMAIL);
    expect(transcript.end_reason).toBe('voicemail');
  });

  it('refuses a stream with a forged token or a forged handshake signature', async () => {
    const answer = await twilio.callInbound(BOUND, '+14155550101');
    const forgedToken = answer.text.replace(
      /(\/media\/twilio\/\d+\.\d+\.)[A-Za-z0-9_-]{43}/,
      '$1' + 'A'.repeat(43),
    );
    expect(
      await openTwilioStream({
        twiml: forgedToken,
        authToken: twilio.authToken,
        accountSid: twilio.accountSid,
      }),
    ).toMatchObject({ opened: false });
    expect(
      await openTwilioStream({
        twiml: answer.text,
        authToken: twilio.authToken,
        signWith: 'another-auth-token',
        accountSid: twilio.accountSid,
      }),
    ).toEqual({ opened: false, status: 403 });
  });
});
