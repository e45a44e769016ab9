/**
 * The API process's background loops, started and stopped with the process (`buildApp` ties them to the app's
 * ready and close, for `server.ts` and the tests alike), never by a route plugin: the vendors' event streams
 * (Asterisk), the sweep that ends runs whose conversation never came (media_lost), knowledge-base ingestion and, when enabled, the simulator's
 * runner.
 */
import type { AppContext } from '../context';
import { createLanguageModel } from '../../llm';
import { startSimulatorRunner } from '../../simulator/runner';
import { createVoiceCallHandler } from '../../simulator/voice-calls';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { startCallEventStreams } from './call-event-streams';
import { startKnowledgeBaseIngestion } from './knowledge-base-ingestion';
import { startMediaLostSweeper } from './media-lost-sweeper';

export interface BackgroundLoops {
  stop(): Promise<void>;
}

export function startBackgroundLoops(ctx: AppContext): BackgroundLoops {
  const loops = [startCallEventStreams(ctx), startMediaLostSweeper(ctx), startKnowledgeBaseIngestion(ctx)];
  if (ctx.config.simulator.enabled) loops.push(startSimulator(ctx));
  return {
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}

/**
 * The simulator's cloud: with an LLM configured, calls answered by a person talk with the agent over their media
 * stream, the callee played by the LLM (or its contact's script) in the local voice (docs/agents.md); without one,
 * only a contact's script talks, to a scripted-only agent.
 */
function startSimulator(ctx: AppContext): BackgroundLoops {
  const llm = createLanguageModel(ctx.config);
  // Without an LLM only calls placed to converse talk: a scripted callee and agent (simulator/scripted-calls.ts).
  const answering = {
    deploymentUrl: ctx.config.http.publicBaseUrl,
    handler: createVoiceCallHandler({
      db: ctx.db,
      logger: ctx.logger,
      llm,
      synthesizer: createLocalSynthesizer(),
      mediaSpeed: ctx.config.simulator.mediaSpeed,
    }),
  };
  return startSimulatorRunner({ db: ctx.db, logger: ctx.logger, answering });
}
