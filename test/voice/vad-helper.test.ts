/**
 * Silero in its helper process (voice/vad/silero-helper-process.ts), as the media process runs it: every frame is
 * decided once, in order, with the decisions Silero makes on this event loop; two calls' frames interleaved keep their
 * own state; a helper that is stopped, or killed, hands its calls' waiting and later frames to Silero on this event
 * loop; bad frames and a closed detector are refused as the detector on this event loop refuses them.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FrameSplitter, frameSamples } from '../../voice/audio/frames';
import type { SampleRate } from '../../voice/media-transport';
import type { CallVoiceDetector } from '../../voice/vad/detector';
import { createSileroDetector } from '../../voice/vad/silero';
import { SileroHelper } from '../../voice/vad/silero-helper-process';
import { fliteSpeech } from './fakes/flite-caller';

/** The pid of the Silero helper this test process started (the only child running silero-helper). */
function helperPid(): number {
  const listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  const row = listing.split('\n').find((line) => line.includes('silero-helper'));
  if (!row) throw new Error(`no Silero helper among this process's children:\n${listing}`);
  return Number(row.trim().split(/\s+/)[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let helper: SileroHelper;
afterEach(() => helper?.close());

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

const onThisLoop = (frames: Int16Array[], rate: SampleRate) => {
  const detector = createSileroDetector(rate);
  return frames.map((frame) => detector.isSpeech(frame));
};

describe.each([8000, 16000] as const)('Silero in its helper process at %i Hz', (rate) => {
  it('decides every frame once, in order, as Silero on this event loop does', async () => {
    helper = new SileroHelper();
    const frames = await line('Hello, I am calling about my order from last week.', rate);
    const decisions = await decideAll(helper.open(rate), frames);
    expect(decisions).toEqual(onThisLoop(frames, rate));
    expect(decisions.filter(Boolean).length).toBeGreaterThan(20);
  });

  it("keeps two calls' frames apart when they arrive interleaved", async () => {
    helper = new SileroHelper();
    const [first, second] = await Promise.all([
      line('The first caller speaks now.', rate),
      line('Another caller, another line entirely, a little longer.', rate),
    ]);
    const a = helper.open(rate);
    const b = helper.open(rate, 0.8);
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
    expect(decisions.a).toEqual(onThisLoop(first, rate));
    const strict = createSileroDetector(rate, { threshold: 0.8 });
    expect(decisions.b).toEqual(second.map((frame) => strict.isSpeech(frame)));
  });

  it.each(['stopped', 'killed'] as const)(
    'hands the waiting and later frames to Silero on this event loop when the helper is %s',
    async (how) => {
      helper = new SileroHelper();
      const frames = await line('Still heard after the helper is gone.', rate);
      const detector = helper.open(rate);
      const decisions: boolean[] = [];
      const half = Math.floor(frames.length / 2);
      const hear = (frame: Int16Array) => detector.hear(frame, (speech) => decisions.push(speech));
      frames.slice(0, 10).forEach(hear);
      // Decided in the helper: it runs.
      await expect.poll(() => decisions.length).toBe(10);
      frames.slice(10, half).forEach(hear);
      if (how === 'stopped') await helper.close();
      else {
        const pid = helperPid();
        process.kill(pid, 'SIGKILL');
        await expect.poll(() => alive(pid)).toBe(false);
        await expect.poll(() => decisions.length).toBe(half);
      }
      frames.slice(half).forEach(hear);
      expect(decisions).toHaveLength(frames.length);
      expect(decisions.slice(half).filter(Boolean).length).toBeGreaterThan(5);
    },
  );

  it('refuses a frame of another length, and any frame once closed', () => {
    helper = new SileroHelper();
    const detector = helper.open(rate);
    expect(() => detector.hear(new Int16Array(frameSamples(rate) / 2), () => {})).toThrow(RangeError);
    detector.close();
    expect(() => detector.hear(new Int16Array(frameSamples(rate)), () => {})).toThrow(/closed/);
  });
});
