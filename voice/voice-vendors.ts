/**
 * The voice vendors a voice configuration may name, per section (speech-to-text, text-to-speech, LLM, embeddings),
 * and their fields, declared once: the API validates, masks and describes configurations from this list,
 * voice/voice-setup.ts builds each call's recogniser, synthesiser and model from what it stored, and the knowledge
 * base embeds documents and questions with the embeddings section (knowledge-base/embeddings-endpoint.ts).
 */
import { createCredentialsCipher, voiceSecretsContext } from '../config/credentials-cipher';
import type { VoiceConfiguration } from '../db/database';
import type { FieldSet } from '../providers/credential-fields';
import { DEFAULT_CARTESIA_MODEL, DEFAULT_CARTESIA_VOICE } from './tts/cartesia-synthesizer';
import { DEFAULT_ELEVENLABS_MODEL, DEFAULT_ELEVENLABS_VOICE } from './tts/elevenlabs-synthesizer';
import type { LocalEngine } from './tts/local-voices';
import type { RootSecrets } from '../config/keys';
import { DEFAULT_FIRST_TOKEN_TIMEOUT_MS } from '../llm/model-chain';
import { MAX_LLM_FALLBACKS } from './llm-fallbacks';
import { EMBEDDINGS_VENDORS } from './embeddings-vendors';
import { apiKey, baseUrl, model, voiceField } from './vendor-fields';

export const VOICE_SECTIONS = ['stt', 'tts', 'llm', 'embeddings'] as const;
export type VoiceSection = (typeof VOICE_SECTIONS)[number];

export interface VoiceVendor extends FieldSet {
  display_name: string;
  description: string;
}

export const LOCAL_TTS_ENGINES: readonly LocalEngine[] = ['flite', 'espeak-ng'];

/** What a configuration without a `tts` section speaks with: the local synthesiser, which needs no key. */
export const DEFAULT_TTS: Readonly<Record<string, unknown>> = Object.freeze({ provider: 'local' });

const STT: readonly VoiceVendor[] = [
  {
    provider: 'deepgram',
    display_name: 'Deepgram',
    description: 'Streaming speech-to-text over Deepgram’s WebSocket API; works on 8 kHz telephone audio.',
    fields: [
      apiKey,
      model('Deepgram model, e.g. nova-2 (default: the recogniser’s).'),
      baseUrl(false, ['wss', 'ws'], 'Default wss://api.deepgram.com.'),
    ],
  },
  {
    provider: 'openai',
    display_name: 'OpenAI-compatible transcription',
    description:
      'Any server with OpenAI’s POST {base_url}/audio/transcriptions (OpenAI, Groq, a self-hosted Whisper); ' +
      'each caller turn is transcribed when it ends.',
    fields: [
      apiKey,
      baseUrl(true, ['https', 'http'], 'Up to and including the version, e.g. https://api.openai.com/v1.'),
      model('Transcription model (default whisper-1).'),
    ],
  },
  {
    provider: 'openai-realtime',
    display_name: 'OpenAI Realtime transcription',
    description:
      'Streaming speech-to-text over OpenAI’s Realtime API transcription sessions (WebSocket ' +
      '{base_url}/realtime?intent=transcription) or a server speaking the same protocol; the audio goes out as ' +
      'the caller speaks (μ-law on 8 kHz calls), so each turn’s text is back soon after it ends.',
    fields: [
      apiKey,
      model('Transcription model: gpt-4o-transcribe (default), gpt-4o-mini-transcribe or whisper-1.'),
      baseUrl(false, ['wss', 'ws'], 'Up to and including the version; default wss://api.openai.com/v1.'),
    ],
  },
  {
    provider: 'pocketsphinx',
    display_name: 'PocketSphinx (local)',
    description:
      'Offline recognition on the media host (Debian pocketsphinx with its US English model), no key. 16 kHz ' +
      'audio only: it recognises the simulator’s calls; 8 kHz telephone audio (Twilio and other phone networks) ' +
      'is not recognised usefully, and nothing installable offline does better.',
    fields: [],
  },
];

const TTS: readonly VoiceVendor[] = [
  {
    provider: 'local',
    display_name: 'Local text-to-speech',
    description: 'flite or espeak-ng on the media host; no key. The default when a configuration has no tts.',
    fields: [
      {
        name: 'engine',
        label: 'Engine',
        type: 'string',
        required: false,
        sensitive: false,
        choices: LOCAL_TTS_ENGINES,
        description: 'flite (default) or espeak-ng.',
      },
      voiceField(
        'The engine’s voice (flite: slt (default), kal, kal16, awb, rms; espeak-ng: e.g. en-us). An agent’s ' +
          '`voice` overrides it.',
      ),
    ],
  },
  {
    provider: 'deepgram',
    display_name: 'Deepgram Aura',
    description:
      'Streaming text-to-speech over Deepgram’s WebSocket API (/v1/speak), at the call’s sample rate.',
    fields: [
      apiKey,
      model('Aura voice model, e.g. aura-2-thalia-en (default); an agent’s `voice` overrides it.'),
      baseUrl(false, ['wss', 'ws'], 'Default wss://api.deepgram.com.'),
    ],
  },
  {
    provider: 'openai',
    display_name: 'OpenAI-compatible speech',
    description:
      'Any server with OpenAI’s POST {base_url}/audio/speech and its pcm format (24 kHz, resampled to the call).',
    fields: [
      apiKey,
      baseUrl(true, ['https', 'http'], 'Up to and including the version, e.g. https://api.openai.com/v1.'),
      model('Speech model (default gpt-4o-mini-tts).'),
      voiceField('The vendor’s voice, e.g. alloy (default); an agent’s `voice` overrides it.'),
    ],
  },
  {
    provider: 'elevenlabs',
    display_name: 'ElevenLabs',
    description:
      'Streaming text-to-speech over ElevenLabs’ multi-context WebSocket, one socket per turn and one context per ' +
      'sentence: μ-law 8 kHz (ulaw_8000) on phone calls, 16 kHz PCM on 16 kHz ones.',
    fields: [
      apiKey,
      voiceField(
        `ElevenLabs voice id (default ${DEFAULT_ELEVENLABS_VOICE}); an agent’s \`voice\` overrides it.`,
      ),
      model(`ElevenLabs model (default ${DEFAULT_ELEVENLABS_MODEL}).`),
      baseUrl(false, ['wss', 'ws'], 'Default wss://api.elevenlabs.io.'),
    ],
  },
  {
    provider: 'cartesia',
    display_name: 'Cartesia',
    description:
      'Streaming text-to-speech over Cartesia’s WebSocket (Sonic), one context per sentence: μ-law 8 kHz on ' +
      'phone calls, 16 kHz PCM on 16 kHz ones.',
    fields: [
      apiKey,
      voiceField(`Cartesia voice id (default ${DEFAULT_CARTESIA_VOICE}); an agent’s \`voice\` overrides it.`),
      model(`Cartesia model (default ${DEFAULT_CARTESIA_MODEL}).`),
      baseUrl(false, ['wss', 'ws'], 'Default wss://api.cartesia.ai.'),
    ],
  },
];

/** Bounds of `first_token_timeout_ms`: under 100 ms no model answers; over 10 s the caller has long hung up. */
export const MIN_FIRST_TOKEN_TIMEOUT_MS = 100;
export const MAX_FIRST_TOKEN_TIMEOUT_MS = 10_000;

const LLM: readonly VoiceVendor[] = [
  {
    provider: 'openai',
    display_name: 'OpenAI-compatible LLM',
    description:
      'Any server with OpenAI’s streaming chat completions (OpenAI, vLLM, Ollama, LiteLLM…). Without an llm ' +
      'section the operator’s LLM settings (LLM_*) are used.',
    fields: [
      apiKey,
      baseUrl(false, ['https', 'http'], 'Default https://api.openai.com/v1.'),
      model(
        'Chat model; an agent’s `model` overrides it (default: the operator’s LLM_MODEL, else gpt-4o-mini).',
      ),
      {
        name: 'first_token_timeout_ms',
        label: 'First-token deadline (ms)',
        type: 'number',
        required: false,
        sensitive: false,
        minimum: MIN_FIRST_TOKEN_TIMEOUT_MS,
        maximum: MAX_FIRST_TOKEN_TIMEOUT_MS,
        default: DEFAULT_FIRST_TOKEN_TIMEOUT_MS,
        description:
          'How long a request may wait for the first piece of its reply (text or a tool call) before the model ' +
          `counts as stalled and the next of \`fallbacks\` is asked (${MIN_FIRST_TOKEN_TIMEOUT_MS} … ` +
          `${MAX_FIRST_TOKEN_TIMEOUT_MS}; default ${DEFAULT_FIRST_TOKEN_TIMEOUT_MS}). \`fallbacks\`: up to ` +
          `${MAX_LLM_FALLBACKS} entries {model, base_url?, api_key?}, asked in order (docs/voice.md).`,
      },
    ],
  },
];

export const VOICE_VENDORS: Readonly<Record<VoiceSection, readonly VoiceVendor[]>> = {
  stt: STT,
  tts: TTS,
  llm: LLM,
  embeddings: EMBEDDINGS_VENDORS,
};

/** The model when neither the agent, the configuration nor the operator names one (LLM_MODEL's default). */
export const FALLBACK_LLM_MODEL = 'gpt-4o-mini';

export function voiceVendor(section: VoiceSection, provider: string): VoiceVendor | undefined {
  return VOICE_VENDORS[section].find((vendor) => vendor.provider === provider);
}

/** The sealed secrets of a configuration are one map keyed `<section>.<field>`: this section's part of it. */
export function sectionSecrets(all: Record<string, string>, section: VoiceSection): Record<string, string> {
  const prefix = `${section}.`;
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(all))
    if (key.startsWith(prefix)) found[key.slice(prefix.length)] = value;
  return found;
}

/** The one map of every section's secrets, keyed `<section>.<field>`. */
export function joinSectionSecrets(
  bySection: Partial<Record<VoiceSection, Record<string, string>>>,
): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [section, secrets] of Object.entries(bySection))
    for (const [name, value] of Object.entries(secrets ?? {})) all[`${section}.${name}`] = value;
  return all;
}

/** One stored section: its vendor, its clear fields and its secrets decrypted. */
export interface StoredSection {
  definition: VoiceVendor;
  clear: Record<string, unknown>;
  secrets: Record<string, string>;
}
export type StoredSections = Record<VoiceSection, StoredSection | null>;

/** A stored configuration's sections, secrets decrypted (the API masks them; a call uses them). */
export function storedVoiceSections(row: VoiceConfiguration, appSecret: RootSecrets): StoredSections {
  const secrets =
    row.encrypted_secrets === null
      ? {}
      : createCredentialsCipher(appSecret).decrypt(
          row.encrypted_secrets,
          voiceSecretsContext(row.organization_id),
        );
  const read = (section: VoiceSection): StoredSection | null => {
    const stored = row[section];
    if (stored === null) return null;
    const { provider, ...clear } = stored;
    const definition = voiceVendor(section, String(provider));
    if (!definition)
      throw new Error(`voice configuration ${row.id} has unknown ${section} vendor ${String(provider)}`);
    return { definition, clear, secrets: sectionSecrets(secrets, section) };
  };
  return { stt: read('stt'), tts: read('tts'), llm: read('llm'), embeddings: read('embeddings') };
}
