/**
 * The voices each local text-to-speech engine has, asked of the installed binary once per process (`flite -lv`,
 * `espeak-ng --voices` and `--voices=variant`), so a voice name is checked before the engine is run with it:
 * flite silently falls back to its default voice on an unknown name.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { SpeechVendorError } from '../speech';

const run = promisify(execFile);

export type LocalEngine = 'flite' | 'espeak-ng';

const cache = new Map<string, Promise<Set<string>>>();

/** Names an engine accepts as a voice; rejects with SpeechVendorError when the binary cannot be run. */
export function voicesOf(engine: LocalEngine, binary: string): Promise<Set<string>> {
  const id = `${engine}:${binary}`;
  let voices = cache.get(id);
  if (!voices) {
    voices = (engine === 'flite' ? fliteVoices(binary) : espeakVoices(binary)).catch((error: unknown) => {
      cache.delete(id);
      throw new SpeechVendorError('tts', `${engine} (${binary}) cannot be run: ${(error as Error).message}`);
    });
    cache.set(id, voices);
  }
  return voices;
}

/** True when `voice` names one of the engine's voices (espeak-ng: `voice` or `voice+variant`). */
export function isKnownVoice(voices: Set<string>, voice: string): boolean {
  const [base, variant, ...rest] = voice.split('+');
  if (rest.length > 0 || !base || !voices.has(base)) return false;
  return variant === undefined || voices.has(`+${variant}`);
}

async function fliteVoices(binary: string): Promise<Set<string>> {
  const { stdout } = await run(binary, ['-lv'], { timeout: 10_000 });
  // "Voices available: kal awb_time kal16 awb rms slt"
  return new Set(stdout.replace(/^.*?:/s, '').split(/\s+/).filter(Boolean));
}

async function espeakVoices(binary: string): Promise<Set<string>> {
  const [languages, variants] = await Promise.all([
    run(binary, ['--voices'], { timeout: 10_000 }),
    run(binary, ['--voices=variant'], { timeout: 10_000 }),
  ]);
  const names = new Set<string>();
  // "Pty Language Age/Gender VoiceName File Other Languages": the language, voice name and file all select a voice.
  for (const row of languages.stdout.split('\n').slice(1)) {
    const [, language, , name, file] = row.trim().split(/\s+/);
    for (const value of [language, name, file]) if (value) names.add(value);
  }
  // Variants are files "!v/<name>", appended to a voice as "+<name>".
  for (const row of variants.stdout.split('\n').slice(1)) {
    const file = row.trim().split(/\s+/)[4];
    if (file?.startsWith('!v/')) names.add(`+${file.slice(3)}`);
  }
  return names;
}
