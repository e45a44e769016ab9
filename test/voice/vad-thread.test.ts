/**
 * Silero on its worker thread (voice/vad/silero-thread.ts), as the media process runs it: every frame is decided
 * once, in order, with the decisions Silero makes on this thread; two calls' frames interleaved keep their own
 * state; a thread that goes hands its calls' waiting and later frames to Silero on this thread; bad frames and a
 * closed detector are refused as the detector on this thread refuses them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FrameSplitter, frameSamples } from '../../voice/audio/frames';
import type { SampleRate } from '../../voice/media-transport';
import type { CallVoiceDetector } from '../../voice/vad/detector';
import { createSileroDetector } from '../../voice/vad/silero';
import { SileroThread } from '../../voice/vad/silero-thread';
import { fliteSpeech } from './fakes/flite-caller';

let thread: SileroThread;
afterEach(() => thread?.close());

/** A line with a second of quiet noise, the spoken text, then a second of quiet noise. */
async function line(text: string, rate: SampleRate): Promise<Int16Array[]> {
  const speech = await fliteSpeech(text, rate);
  const audio = new Int16Array(rate + speech.length + rate);
  let seed = 11;
  for (let i = 0; i < audio.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    audio[i] = Math.round((seed / 2147483648) * 200 - 100);
  }
  speech.forEach((sample, i) => (audio[rate + i] = audio[rate + i]! + sample));
  return new FrameSplitter(frameSamples(rate)).push(audio);
}

/** Sends every frame at once (as a burst off the wire would come) and resolves with the decisions, in order. */
function decideAll(detector: CallVoiceDetector, frames: Int16Array[]): Promise<boolean[]> {
  const decisions: boolean[] = [];
  return new Promise((resolve) => {
    for (const frame of frames)
      detector.hear(frame, (speech) => {
        decisions.push(speech);
        if (decisions.length === frames.length) resolve(decisions);
      });
  });
}

const onThisThread = (frames: Int16Array[], rate: SampleRate) => {
  const detector = createSileroDetector(rate);
  return frames.map((frame) => detector.isSpeech(frame));
};

describe.each([8000, 16000] as const)('Silero on its own thread at %i Hz', (rate) => {
  it('decides every frame once, in order, as Silero on this thread does', async () => {
    thread = new SileroThread();
    const frames = await line('Hello, I am calling about my order from last week.', rate);
    const decisions = await decideAll(thread.open(rate), frames);
    expect(decisions).toEqual(onThisThread(frames, rate));
    expect(decisions.filter(Boolean).length).toBeGreaterThan(20);
  });

  it("keeps two calls' frames apart when they arrive interleaved", async () => {
    thread = new SileroThread();
    const [first, second] = await Promise.all([
      line('The first caller speaks now.', rate),
      line('Another caller, another line entirely, a little longer.', rate),
    ]);
    const a = thread.open(rate);
    const b = thread.open(rate, 0.8);
    const decisions: Record<'a' | 'b', boolean[]> = { a: [], b: [] };
    const length = Math.max(first.length, second.length);
    await new Promise<void>((resolve) => {
      const done = () =>
        decisions.a.length === first.length && decisions.b.length === second.length && resolve();
      for (let i = 0; i < length; i++) {
        if (first[i]) a.hear(first[i]!, (speech) => (decisions.a.push(speech), done()));
        if (second[i]) b.hear(second[i]!, (speech) => (decisions.b.push(speech), done()));
      }
    });
    expect(decisions.a).toEqual(onThisThread(first, rate));
    const strict = createSileroDetector(rate, { threshold: 0.8 });
    expect(decisions.b).toEqual(second.map((frame) => strict.isSpeech(frame)));
  });

  it('hands the waiting and later frames to Silero on this thread when the thread goes', async () => {
    thread = new SileroThread();
    const frames = await line('Still heard after the thread is gone.', rate);
    const detector = thread.open(rate);
    const decisions: boolean[] = [];
    const half = frames.length / 2;
    frames.slice(0, half).forEach((frame) => detector.hear(frame, (speech) => decisions.push(speech)));
    await thread.close();
    frames.slice(half).forEach((frame) => detector.hear(frame, (speech) => decisions.push(speech)));
    expect(decisions).toHaveLength(frames.length);
    expect(decisions.slice(half).filter(Boolean).length).toBeGreaterThan(5);
  });

  it('refuses a frame of another length, and any frame once closed', () => {
    thread = new SileroThread();
    const detector = thread.open(rate);
    expect(() => detector.hear(new Int16Array(frameSamples(rate) / 2), () => {})).toThrow(RangeError);
    detector.close();
    expect(() => detector.hear(new Int16Array(frameSamples(rate)), () => {})).toThrow(/closed/);
  });
});
