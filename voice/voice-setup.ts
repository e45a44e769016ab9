/**
 * The vendors one call talks through: the agent's voice configuration (organization-scoped) turned into a
 * recogniser, a synthesiser and a language model (agent-llm.ts), with the documented defaults where it names none —
 * no speech-to-text (the simulator's text on simulator calls), the local voice, the operator's LLM.
 */
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import { findVoiceConfiguration } from '../db/repositories/voice-configurations';
import { destinationPolicy, type DestinationPolicy } from '../net/outbound-destinations';
import { llmOf } from './agent-llm';
import type { CallVoices, VoiceSettings } from './live-call';
import type { SpeechRecognizer, SpeechSynthesizer } from './speech';
import { createDeepgramRecognizer } from './stt/deepgram-recognizer';
import { createOpenAiRealtimeRecognizer } from './stt/openai-realtime-recognizer';
import { createOpenAiTranscriber } from './stt/openai-transcriber';
import { createPocketsphinxRecognizer } from './stt/pocketsphinx-recognizer';
import { createSimulatorRecognizer } from './stt/simulator-recognizer';
import { createCartesiaSynthesizer } from './tts/cartesia-synthesizer';
import { createDeepgramAuraSynthesizer } from './tts/deepgram-aura-synthesizer';
import { createElevenLabsSynthesizer } from './tts/elevenlabs-synthesizer';
import { createLocalSynthesizer } from './tts/local-synthesizer';
import { createOpenAiSpeechSynthesizer } from './tts/openai-speech-synthesizer';
import { cachedSynthesizer, SynthesisCache } from './tts/synthesis-cache';
import type { LocalEngine } from './tts/local-voices';
import { storedVoiceSections, type StoredSection } from './voice-vendors';

export interface VoiceSetupDeps {
  db: Executor;
  config: Pick<Config, 'appSecret' | 'llm' | 'security'>;
  logger?: Logger;
}

export async function resolveCallVoices(
  deps: VoiceSetupDeps,
  call: { organizationId: number; mode: string; settings: VoiceSettings },
): Promise<CallVoices> {
  const { settings } = call;
  const fallbackSynthesizer = localSynthesizer();
  const row =
    settings.voiceConfigId === null
      ? undefined
      : await findVoiceConfiguration(deps.db, call.organizationId, settings.voiceConfigId);
  if (settings.voiceConfigId !== null && !row)
    // Agents name configurations inside JSON: one deleted since (an archived agent's, or a race with the save)
    // leaves the agent on the defaults rather than without a voice.
    deps.logger?.warn(
      { organization_id: call.organizationId, voice_config_id: settings.voiceConfigId },
      'voice configuration not found; the call uses the default voices',
    );
  const sections = row
    ? storedVoiceSections(row, deps.config)
    : { stt: null, tts: null, llm: null, embeddings: null };
  const destinations = destinationPolicy(deps.config.security.allowedPrivateDestinations);
  return {
    recognizer: recognizerOf(sections.stt, call.mode, destinations, deps.logger),
    synthesizer: sections.tts ? synthesizerOf(sections.tts, destinations, deps.logger) : fallbackSynthesizer,
    fallbackSynthesizer,
    llm: await llmOf(sections.llm, settings.model, deps, destinations),
  };
}

const text = (section: StoredSection, name: string): string | undefined => {
  const value = section.clear[name] ?? section.secrets[name];
  return typeof value === 'string' ? value : undefined;
};

function recognizerOf(
  stt: StoredSection | null,
  mode: string,
  destinations: DestinationPolicy,
  logger: Logger | undefined,
): SpeechRecognizer | null {
  if (stt === null) return mode === 'simulator' ? createSimulatorRecognizer() : null;
  const apiKey = text(stt, 'api_key') ?? '';
  const model = text(stt, 'model');
  switch (stt.definition.provider) {
    case 'deepgram':
      return createDeepgramRecognizer({ apiKey, baseUrl: text(stt, 'base_url'), model, destinations });
    case 'openai':
      return createOpenAiTranscriber({ apiKey, baseUrl: text(stt, 'base_url') ?? '', model, destinations });
    case 'openai-realtime':
      return createOpenAiRealtimeRecognizer({
        apiKey,
        baseUrl: text(stt, 'base_url'),
        model,
        destinations,
        logger,
      });
    case 'pocketsphinx':
      return createPocketsphinxRecognizer();
    default:
      throw new Error(`no recogniser for speech-to-text vendor ${stt.definition.provider}`);
  }
}

function synthesizerOf(
  tts: StoredSection,
  destinations: DestinationPolicy,
  logger: Logger | undefined,
): SpeechSynthesizer {
  const apiKey = text(tts, 'api_key') ?? '';
  const baseUrl = text(tts, 'base_url');
  const model = text(tts, 'model');
  switch (tts.definition.provider) {
    case 'local':
      return localSynthesizer(text(tts, 'engine') as LocalEngine | undefined, text(tts, 'voice'));
    case 'deepgram':
      return cachedSynthesizer(
        createDeepgramAuraSynthesizer({ apiKey, baseUrl, model, destinations }),
        synthesisCache,
        `deepgram/${baseUrl ?? ''}/${model ?? ''}`,
      );
    case 'openai':
      return cachedSynthesizer(
        createOpenAiSpeechSynthesizer({
          apiKey,
          baseUrl: baseUrl ?? '',
          model,
          defaultVoice: text(tts, 'voice'),
          destinations,
        }),
        synthesisCache,
        `openai/${baseUrl ?? ''}/${model ?? ''}/${text(tts, 'voice') ?? ''}`,
      );
    case 'elevenlabs':
    case 'cartesia': {
      const create =
        tts.definition.provider === 'elevenlabs' ? createElevenLabsSynthesizer : createCartesiaSynthesizer;
      const defaultVoice = text(tts, 'voice');
      return cachedSynthesizer(
        create({ apiKey, baseUrl, model, defaultVoice, destinations, logger }),
        synthesisCache,
        `${tts.definition.provider}/${baseUrl ?? ''}/${model ?? ''}/${defaultVoice ?? ''}`,
      );
    }
    default:
      throw new Error(`no synthesiser for text-to-speech vendor ${tts.definition.provider}`);
  }
}

/** Lines this process has spoken before are not synthesised again (tts/synthesis-cache.ts). */
const synthesisCache = new SynthesisCache();

function localSynthesizer(engine?: LocalEngine, defaultVoice?: string): SpeechSynthesizer {
  return cachedSynthesizer(
    createLocalSynthesizer({ engine, defaultVoice }),
    synthesisCache,
    `${engine ?? 'flite'}/${defaultVoice ?? ''}`,
  );
}
