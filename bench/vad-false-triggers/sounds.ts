/**
 * The false-trigger benchmark's sounds, generated from fixed seeds (the same samples on every run and machine) and
 * fixed before any detector setting was tuned against them: none of them is speech. Each is 3 s long at the
 * rate asked for, between -40 and -6 dBFS at its loudest.
 */
import type { SampleRate } from '../../voice/media-transport';

export interface NonSpeechSound {
  kind: 'noise' | 'cough' | 'music' | 'hum';
  name: string;
  samples: Int16Array;
}

const SECONDS = 3;

/** A small deterministic generator (mulberry32): uniform in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const toPcm = (signal: Float64Array): Int16Array =>
  Int16Array.from(signal, (value) => Math.max(-32768, Math.min(32767, Math.round(value * 32767))));

/** White noise, or brown-ish (integrated) noise, at a peak level. */
function noise(rate: SampleRate, seed: number, level: number, brown: boolean): Float64Array {
  const next = random(seed);
  const out = new Float64Array(rate * SECONDS);
  let walk = 0;
  for (let i = 0; i < out.length; i++) {
    const white = next() * 2 - 1;
    walk = 0.98 * walk + 0.2 * white;
    out[i] = level * (brown ? walk : white);
  }
  return out;
}

/** Cough-like bursts: 2–4 bursts of band-limited noise, a sharp attack and a 60–200 ms decay, at random times. */
function coughs(rate: SampleRate, seed: number, level: number): Float64Array {
  const next = random(seed);
  const out = new Float64Array(rate * SECONDS);
  const bursts = 2 + Math.floor(next() * 3);
  for (let b = 0; b < bursts; b++) {
    const start = Math.floor(next() * (out.length - rate / 2));
    const decay = (0.06 + next() * 0.14) * rate;
    let low = 0;
    for (let i = 0; i < rate / 2 && start + i < out.length; i++) {
      low = 0.7 * low + 0.3 * (next() * 2 - 1);
      const attack = Math.min(1, i / (0.005 * rate));
      out[start + i]! += level * attack * Math.exp(-i / decay) * low * 2;
    }
  }
  return out;
}

/** Music-like: a chord of 3 notes with harmonics, changing every 0.5 s, with a tremolo. */
function music(rate: SampleRate, seed: number, level: number): Float64Array {
  const next = random(seed);
  const out = new Float64Array(rate * SECONDS);
  const noteLength = rate / 2;
  for (let n = 0; n * noteLength < out.length; n++) {
    const root = 110 * 2 ** (Math.floor(next() * 24) / 12);
    const chord = [root, root * 2 ** (4 / 12), root * 2 ** (7 / 12)];
    for (let i = 0; i < noteLength && n * noteLength + i < out.length; i++) {
      const t = (n * noteLength + i) / rate;
      let value = 0;
      for (const f of chord)
        for (let h = 1; h <= 4; h++) value += Math.sin(2 * Math.PI * f * h * t) / (h * h);
      out[n * noteLength + i] = (level / 4) * value * (0.8 + 0.2 * Math.sin(2 * Math.PI * 5 * t));
    }
  }
  return out;
}

/** Mains hum at `base` Hz with odd and even harmonics, and a little noise. */
function hum(rate: SampleRate, seed: number, level: number, base: number): Float64Array {
  const next = random(seed);
  return Float64Array.from({ length: rate * SECONDS }, (_, i) => {
    const t = i / rate;
    const tone = [1, 2, 3, 5].reduce((sum, h) => sum + Math.sin(2 * Math.PI * base * h * t) / h, 0);
    return level * (0.5 * tone + 0.05 * (next() * 2 - 1));
  });
}

export function nonSpeechSounds(rate: SampleRate): NonSpeechSound[] {
  const sounds: NonSpeechSound[] = [];
  const add = (kind: NonSpeechSound['kind'], name: string, signal: Float64Array) =>
    sounds.push({ kind, name, samples: toPcm(signal) });
  for (const [seed, level] of [
    [1, 0.01],
    [2, 0.05],
    [3, 0.2],
  ] as const) {
    add('noise', `white noise ${level}`, noise(rate, seed, level, false));
    add('noise', `brown noise ${level}`, noise(rate, seed + 10, level, true));
  }
  for (let seed = 20; seed < 30; seed++) add('cough', `cough bursts #${seed}`, coughs(rate, seed, 0.5));
  for (let seed = 30; seed < 36; seed++) add('music', `chords #${seed}`, music(rate, seed, 0.4));
  for (const base of [50, 60])
    for (const level of [0.05, 0.3]) add('hum', `hum ${base} Hz ${level}`, hum(rate, base, level, base));
  return sounds;
}
