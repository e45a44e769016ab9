/**
 * The voice benchmark's agent: the test agent of test/voice/call-harness.ts (greeting, a four-sentence story, an end
 * node on goodbye), hearing through Deepgram and thinking through the OpenAI-compatible LLM (both the benchmark's
 * instant fakes, vendor-fakes.ts), speaking with the local flite voice, recording on.
 */
import { definition } from '../../test/voice/call-harness';
import type { VadEngine } from '../../voice/vad/detector';
import type { BenchStack } from '../engine/stack';
import { DEEPGRAM_KEY } from './script';

export async function configureBenchAgent(
  stack: BenchStack,
  vendors: { llm: string; deepgram: string },
  vad: { startSeconds: number; stopSeconds: number; engine: VadEngine },
): Promise<void> {
  const { app, ctx, org, agentId } = stack;
  const voiceConfig = await app.inject({
    method: 'POST',
    url: '/api/v1/organizations/voice-configs',
    headers: org.headers,
    payload: {
      name: 'bench',
      stt: { provider: 'deepgram', api_key: DEEPGRAM_KEY, base_url: vendors.deepgram },
      tts: { provider: 'local' },
      llm: { provider: 'openai', api_key: 'bench-llm-key', base_url: vendors.llm, model: 'bench-model' },
    },
  });
  if (voiceConfig.statusCode !== 201) throw new Error(`voice configuration: ${voiceConfig.body}`);
  await ctx.db
    .updateTable('agent_definitions')
    .set({ workflow_definition: JSON.stringify(definition) })
    .where('agent_id', '=', agentId)
    .execute();
  await ctx.db
    .updateTable('agents')
    .set({
      workflow_configurations: JSON.stringify({
        voice_config_id: (voiceConfig.json() as { id: number }).id,
        vad_configuration: {
          start_seconds: vad.startSeconds,
          stop_seconds: vad.stopSeconds,
          engine: vad.engine,
        },
      }),
      call_disposition_codes: JSON.stringify({ disposition_codes: ['done'] }),
    })
    .where('id', '=', agentId)
    .execute();
}
