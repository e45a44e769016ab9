import { randomInt } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { recordingKeys, type RecordingKeys } from '../../artifacts/artifact-keys';
import type { ObjectStorage } from '../../storage/object-storage';
import { readWavLayout, parseWav } from '../../voice/audio/wav';
import type { MediaTransport, MediaTransportEvents } from '../../voice/media-transport';
import { recordTransport, startCallRecording } from '../../voice/recording';
import { readObject, testStorage } from '../storage/stores';

const RATE = 8000;
const FRAME = 160;
const logger = pino({ level: 'silent' });

/** The store, with each multipart step and put noted per key once it has succeeded; `failPart` fails that part. */
function observed(storage: ObjectStorage, failPart?: number) {
  const log: Record<string, string[]> = {};
  const note = (key: string, event: string) => (log[key] ??= []).push(event);
  const wrapped = Object.create(storage) as ObjectStorage;
  wrapped.putObject = async (input) => {
    await storage.putObject(input);
    note(input.key, 'put');
  };
  wrapped.createMultipartUpload = async (input) => {
    const upload = await storage.createMultipartUpload(input);
    note(input.key, 'create');
    return {
      key: upload.key,
      uploadPart: async (partNumber, body) => {
        if (partNumber === failPart) throw new Error(`part ${partNumber} refused`);
        await upload.uploadPart(partNumber, body);
        note(input.key, `part ${partNumber}`);
      },
      complete: async () => {
        await upload.complete();
        note(input.key, 'complete');
      },
      abort: async () => {
        await upload.abort();
        note(input.key, 'abort');
      },
    };
  };
  return { storage: wrapped, log };
}

/** A media transport with nothing behind it: the test plays the vendor, sending caller frames. */
function loopTransport() {
  const audioListeners: MediaTransportEvents['audio'][] = [];
  const played: Int16Array[] = [];
  let clears = 0;
  const transport: MediaTransport = {
    sampleRate: RATE,
    start: { streamId: 'stream-1', providerCallId: 'call-1', parameters: {} },
    on(event, listener) {
      if (event === 'audio') audioListeners.push(listener as MediaTransportEvents['audio']);
    },
    play: (pcm) => played.push(pcm),
    mark: () => {},
    clear: () => clears++,
    close: () => {},
  };
  const sendFrame = (frame: Int16Array) => audioListeners.forEach((listener) => listener(frame));
  return { transport, sendFrame, played, clears: () => clears };
}

/** A call on a transport: `frames` sends caller frames and moves the media clock as the pipeline would. */
function call(kind: 's3' | 'embedded', partBytes?: number, failPart?: number) {
  const { storage, log } = observed(testStorage(kind), failPart);
  const keys: RecordingKeys = recordingKeys(randomInt(1, 1e9), randomInt(1, 1e9));
  const recording = startCallRecording({ storage, keys, sampleRate: RATE, logger, partBytes });
  const loop = loopTransport();
  let sent = 0;
  const recorded = recordTransport(loop.transport, recording, () => sent * 20);
  const frames = (count: number, value: (index: number) => number) => {
    for (let i = 0; i < count; i++) {
      loop.sendFrame(new Int16Array(FRAME).fill(value(sent)));
      sent++;
    }
  };
  return { storage, log, keys, recording, recorded, loop, frames };
}

async function readTrack(storage: ObjectStorage, key: string): Promise<Int16Array> {
  const file = await readObject(storage, key);
  const layout = readWavLayout(file)!;
  expect(layout.declaredDataBytes).toBe(file.length - 44);
  expect(file.readUInt32LE(4)).toBe(file.length - 8);
  const { sampleRate, samples } = parseWav(file);
  expect(sampleRate).toBe(RATE);
  return samples;
}

/** Where two tracks first differ (null when equal), for a readable failure on millions of samples. */
function firstDifference(actual: Int16Array, expected: Int16Array): string | null {
  if (actual.length !== expected.length) return `length ${actual.length}, expected ${expected.length}`;
  const index = actual.findIndex((sample, i) => sample !== expected[i]);
  return index < 0 ? null : `sample ${index}: ${actual[index]}, expected ${expected[index]}`;
}

const span = (length: number, value: number) => new Array<number>(length).fill(value);

/**
 * S3 takes parts of 5 MiB (327.68 s at 8 kHz) or more, so its call lasts 11 minutes: part 1 held, part 2 streamed,
 * a last part of the rest. The embedded store takes any size: half-second parts, a 3-second call, five streamed.
 * `straddled`: a sample where one part ends and the next begins, after the first agent audio.
 */
const LONG_CALLS = {
  s3: { partBytes: undefined, frames: 33_000, streamed: [2], straddled: 5 * 1024 * 512 },
  embedded: { partBytes: RATE, frames: 150, streamed: [2, 3, 4, 5, 6], straddled: 3 * (RATE / 2) },
} as const;

describe.each(['s3', 'embedded'] as const)('call recording to the %s store', (kind) => {
  it('streams parts while the call goes on and completes three exact WAV tracks', async () => {
    const { partBytes, frames: count, streamed, straddled } = LONG_CALLS[kind];
    const { storage, log, keys, recording, recorded, frames, loop } = call(kind, partBytes);
    const callerValue = (index: number) =>
      index >= 25 && index < 30 ? 30_000 : ((index * 37) % 2000) - 1000;
    // Agent audio: two plays queued back to back at 0.5 s (the first clipping with a loud caller), and one that
    // straddles the end of a part.
    const straddle = Math.floor(straddled / FRAME) - 10;
    frames(25, callerValue);
    recorded.play(new Int16Array(4000).fill(10_000));
    recorded.play(new Int16Array(2000).fill(-500));
    frames(straddle - 25, callerValue);
    recorded.play(new Int16Array(3200).fill(2500));
    frames(count - straddle, callerValue);

    const uploaded = ['create', ...streamed.map((part) => `part ${part}`)];
    await vi.waitFor(() => {
      for (const key of Object.values(keys)) expect(log[key]).toEqual(uploaded);
    });
    for (const key of Object.values(keys)) expect(await storage.headObject(key)).toBeNull();

    // The call ends 10 ms after the last caller frame: 80 samples of silence close the tracks.
    const samples = count * FRAME + 80;
    expect(await recording.finish(count * 20 + 10)).toEqual({ durationSeconds: samples / RATE });
    const last = `part ${streamed.at(-1)! + 1}`;
    for (const key of Object.values(keys))
      expect(log[key]).toEqual([...uploaded, last, 'part 1', 'complete']);

    const caller = new Int16Array(samples);
    for (let i = 0; i < count * FRAME; i++) caller[i] = callerValue(Math.floor(i / FRAME));
    const agent = new Int16Array(samples);
    agent.fill(10_000, 4000, 8000).fill(-500, 8000, 10_000);
    agent.fill(2500, straddle * FRAME, straddle * FRAME + 3200);
    const mixed = caller.map((sample, i) => Math.min(32767, Math.max(-32768, sample + agent[i]!)));
    expect(mixed[4000]).toBe(32767);
    expect(firstDifference(await readTrack(storage, keys.caller), caller)).toBeNull();
    expect(firstDifference(await readTrack(storage, keys.agent), agent)).toBeNull();
    expect(firstDifference(await readTrack(storage, keys.mixed), mixed)).toBeNull();
    expect(loop.played.map((pcm) => pcm.length)).toEqual([4000, 2000, 3200]);
  });

  it('drops the agent audio a clear left unplayed, and plays what follows at the clock', async () => {
    const { storage, log, keys, recording, recorded, frames, loop } = call(kind);
    frames(10, () => 0);
    recorded.play(new Int16Array(8000).fill(5000));
    frames(20, () => 0);
    recorded.clear();
    frames(45, () => 0);
    recorded.play(new Int16Array(800).fill(7000));
    expect(await recording.finish(2000)).toEqual({ durationSeconds: 2 });

    expect(Array.from(await readTrack(storage, keys.agent))).toEqual([
      ...span(1600, 0),
      ...span(3200, 5000),
      ...span(7200, 0),
      ...span(800, 7000),
      ...span(3200, 0),
    ]);
    expect(loop.clears()).toBe(1);
    // Shorter than one part: one put per track, no multipart upload.
    for (const key of Object.values(keys)) expect(log[key]).toEqual(['put']);
  });

  it('leaves no object when aborted, even with parts already uploaded', async () => {
    const { storage, log, keys, recording, frames } = call(kind, LONG_CALLS[kind].partBytes);
    frames(kind === 's3' ? 33_000 : 100, () => 1234);
    await vi.waitFor(() => {
      for (const key of Object.values(keys)) expect(log[key]).toContain('part 2');
    });
    await recording.abort();
    for (const key of Object.values(keys)) {
      expect(log[key]?.at(-1)).toBe('abort');
      expect(await storage.headObject(key)).toBeNull();
    }
    await expect(recording.finish(2000)).rejects.toThrow(/already ended/);
  });
});

describe('call recording when the store fails', () => {
  it('rejects finish with the failure and leaves no object', async () => {
    const { storage, log, keys, recording, frames } = call('embedded', RATE, 3);
    frames(150, () => 99);
    await expect(recording.finish(3000)).rejects.toThrow('part 3 refused');
    for (const key of Object.values(keys)) {
      expect(log[key]).toEqual(['create', 'part 2', 'abort']);
      expect(await storage.headObject(key)).toBeNull();
    }
  });
});
