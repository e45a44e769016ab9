/**
 * The world of the vendors' end-to-end call tests (twilio-calls, plivo-calls): the API and the media process
 * (media/server.ts) on loopback, the OpenAI fake as the LLM, Deepgram's fake hearing the caller, the local synthesiser
 * as the agent's voice, one telephony configuration of the vendor under test with a number bound to the agent, and
 * the agent of call-harness.ts with a voicemail message. Each vendor's test brings its own fake and media fake.
 */
import { expect } from 'vitest';
import { createLogger } from '../../config/logger';
import { freePort } from '../../devstack/processes';
import { startMediaServer, type MediaServer } from '../../media/server';
import { readText } from '../media/fixtures';
import { insertConfiguration, startProviderWorld, type ProviderWorld } from '../providers/provider-world';
import { startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';
import { CONFIGS } from '../telephony/helpers';
import { agentReplies, definition } from './call-harness';
import { startDeepgramFake, type DeepgramFake } from './fakes/deepgram-fake';

export const VOICEMAIL = 'Hi, this is Acme. Please call us back. Goodbye.';

export interface LiveCallWorld {
  world: ProviderWorld;
  /** The agent's LLM: answers as call-harness.ts's agentReplies unless a test hands it another handler. */
  llm: OpenAiFake;
  deepgram: DeepgramFake;
  configurationId: number;
  /** The finished run and its transcript, once the media process completed it (polls). */
  transcriptOf(runId: number): Promise<{
    run: { recording_key: string | null };
    transcript: { end_reason: string; turns: Array<{ role: string; content: string }> };
  }>;
  close(): Promise<void>;
}

/** Starts the world; `vendor` is the configuration to insert (its fake already running) and the number to bind. */
export async function startLiveCallWorld(vendor: {
  provider: string;
  clear: Record<string, unknown>;
  secrets: Record<string, string>;
  bound: string;
}): Promise<LiveCallWorld> {
  const llm: OpenAiFake = await startOpenAiFake();
  llm.handle(agentReplies);
  const deepgram = await startDeepgramFake();
  const mediaPort = await freePort();
  const world = await startProviderWorld({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MAX_RETRIES: '0',
    MEDIA_HOST: '127.0.0.1',
    MEDIA_PORT: String(mediaPort),
    MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
  });
  const { config, db, storage } = world.t.ctx;
  const media: MediaServer = await startMediaServer({
    config,
    db,
    storage,
    logger: createLogger({ level: config.logLevel, pretty: false }),
  });
  const configurationId = await insertConfiguration(world, vendor.provider, vendor.clear, vendor.secrets);
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
    payload: { address: vendor.bound, inbound_workflow_id: world.agentId },
  });
  expect(number.statusCode).toBe(201);

  async function completedRun(runId: number) {
    for (let i = 0; i < 200; i++) {
      const run = await db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
      if (run.is_completed) return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`run ${runId} did not complete`);
  }

  return {
    world,
    llm,
    deepgram,
    configurationId,
    async transcriptOf(runId) {
      const run = await completedRun(runId);
      expect(run.transcript_key).toBeTruthy();
      return { run, transcript: JSON.parse(await readText(storage, run.transcript_key!)) as never };
    },
    async close() {
      await media.close({ graceMs: 0 });
      await deepgram.close();
      await llm.close();
      await world.close();
    },
  };
}
