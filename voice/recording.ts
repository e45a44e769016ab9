/**
 * A call's recordings, streamed to object storage as the call happens: the caller's track, the agent's and the two
 * mixed (summed, clipped), each a WAV file of 16-bit mono PCM at the call's media rate (8 kHz for μ-law vendors:
 * 16 KB per second per track, ~86 MB for the three tracks of a 30-minute call).
 *
 * Timeline: caller frames arrive in media order and move the recording forward; the agent's audio is placed at the
 * media time it will play, usually ahead of the caller's, and is held until the caller's audio reaches it, so a
 * barge-in (`clearAgentAfter`) can still drop what was queued but never played. Everything up to the caller's
 * latest frame is final and is written to the three tracks at once.
 *
 * Upload (storage/streamed-object.ts): each track is a multipart upload whose part 1, which starts with the WAV
 * header and so needs the final size, stays in memory until `finish`; later parts upload as they fill. Memory per
 * call, at S3's 5 MiB parts: three tracks × (part 1 + the part filling) ≤ 30 MiB, plus agent audio queued ahead of
 * playback (16 KB per second of it). A call shorter than one part (5 MiB = 327 s at 8 kHz) is held whole and
 * written with one put per track at the end.
 */
import type { RecordingKeys } from '../artifacts/artifact-keys';
import type { Logger } from '../config/logger';
import type { ObjectStorage } from '../storage/object-storage';
import { openStreamedObject, type StreamedObject } from '../storage/streamed-object';
import { samplesToBytes, wavHeader } from './audio/wav';
import type { MediaTransport, SampleRate } from './media-transport';

export interface CallRecording {
  /** One frame of the caller's audio, starting at `atMediaMs`. */
  caller(frame: Int16Array, atMediaMs: number): void;
  /** Agent audio that starts playing at `atMediaMs` (ahead of the caller's audio, or at it). */
  agent(pcm: Int16Array, atMediaMs: number): void;
  /** Drops agent audio queued to play after `atMediaMs` (a barge-in's clear). */
  clearAgentAfter(atMediaMs: number): void;
  /** Ends the recording at `mediaMs` (the call's length) and completes the three objects. */
  finish(mediaMs: number): Promise<{ durationSeconds: number }>;
  /** Discards the recording; no object is left. */
  abort(): Promise<void>;
}

interface AgentSegment {
  start: number;
  samples: Int16Array;
}

const TRACKS = ['caller', 'agent', 'mixed'] as const;

export function startCallRecording(options: {
  storage: ObjectStorage;
  keys: RecordingKeys;
  sampleRate: SampleRate;
  logger: Logger;
  /** Upload part size; the default is S3's 5 MiB minimum (smaller only in tests). */
  partBytes?: number;
}): CallRecording {
  const { keys, sampleRate, logger } = options;
  const objects = Object.fromEntries(
    TRACKS.map((track) => [
      track,
      openStreamedObject({
        storage: options.storage,
        key: keys[track],
        contentType: 'audio/wav',
        partBytes: options.partBytes,
        onError: (error) =>
          logger.warn({ err: error, recording_key: keys[track] }, 'recording upload failed'),
      }),
    ]),
  ) as Record<(typeof TRACKS)[number], StreamedObject>;
  /** Samples final on every track. */
  let committed = 0;
  /** Agent audio not yet final, in the order it was queued (a later segment overwrites an earlier one). */
  let segments: AgentSegment[] = [];
  let open = true;

  const toSample = (ms: number) => Math.max(0, Math.round((ms * sampleRate) / 1000));

  /** Makes the next `caller.length` samples final: the agent's audio over them is taken from the segments. */
  function commit(caller: Int16Array): void {
    const end = committed + caller.length;
    const agent = new Int16Array(caller.length);
    for (const segment of segments) {
      const from = Math.max(segment.start, committed);
      const to = Math.min(segment.start + segment.samples.length, end);
      if (from < to)
        agent.set(segment.samples.subarray(from - segment.start, to - segment.start), from - committed);
    }
    segments = segments.filter((segment) => segment.start + segment.samples.length > end);
    const mixed = new Int16Array(caller.length);
    for (let i = 0; i < mixed.length; i++)
      mixed[i] = Math.max(-32768, Math.min(32767, caller[i]! + agent[i]!));
    objects.caller.write(samplesToBytes(caller));
    objects.agent.write(samplesToBytes(agent));
    objects.mixed.write(samplesToBytes(mixed));
    committed = end;
  }

  return {
    caller(frame, atMediaMs) {
      if (!open) return;
      const start = toSample(atMediaMs);
      if (start > committed) commit(new Int16Array(start - committed));
      // A frame overlapping what is already final (repeated by the vendor) keeps only its new part.
      if (start + frame.length > committed) commit(frame.subarray(committed - start));
    },
    agent(pcm, atMediaMs) {
      if (!open) return;
      const start = toSample(atMediaMs);
      // Audio placed before what is final would rewrite the past: only its part from `committed` on is kept.
      const skip = Math.max(0, committed - start);
      if (skip < pcm.length) segments.push({ start: start + skip, samples: pcm.slice(skip) });
    },
    clearAgentAfter(atMediaMs) {
      const cut = Math.max(committed, toSample(atMediaMs));
      segments = segments
        .filter((segment) => segment.start < cut)
        .map((segment) => ({
          start: segment.start,
          samples: segment.samples.subarray(0, cut - segment.start),
        }));
    },
    async finish(mediaMs) {
      if (!open) throw new Error('the recording has already ended');
      const end = toSample(mediaMs);
      if (end > committed) commit(new Int16Array(end - committed));
      open = false;
      segments = [];
      const header = wavHeader({ sampleRate, dataBytes: committed * 2 });
      const results = await Promise.allSettled(TRACKS.map((track) => objects[track].finish(header)));
      const failed = results.find((result) => result.status === 'rejected');
      // A track that failed left nothing behind; those that completed stay, and the caller is told.
      if (failed) throw failed.reason;
      return { durationSeconds: committed / sampleRate };
    },
    async abort() {
      open = false;
      segments = [];
      await Promise.all(TRACKS.map((track) => objects[track].abort()));
    },
  };
}

/**
 * The transport, recording as it goes: each caller frame at the media time it covers (frames counted from the
 * stream's start, as the media clock is), the agent's audio handed to `play` at the time it will play (after what
 * is already queued), and on `clear()` the queued audio that will now never play is dropped. `mediaClock` is the
 * pipeline's media time in milliseconds.
 */
export function recordTransport(
  transport: MediaTransport,
  recording: CallRecording,
  mediaClock: () => number,
): MediaTransport {
  let callerMs = 0;
  let queuedUntilMs = 0;
  transport.on('audio', (frame) => {
    recording.caller(frame, callerMs);
    callerMs += (frame.length * 1000) / transport.sampleRate;
  });
  return {
    get sampleRate() {
      return transport.sampleRate;
    },
    get start() {
      return transport.start;
    },
    on(event, listener) {
      transport.on(event, listener);
    },
    play(pcm) {
      const at = Math.max(mediaClock(), queuedUntilMs);
      recording.agent(pcm, at);
      queuedUntilMs = at + (pcm.length * 1000) / transport.sampleRate;
      transport.play(pcm);
    },
    mark(name, text) {
      transport.mark(name, text);
    },
    clear() {
      const now = mediaClock();
      recording.clearAgentAfter(now);
      queuedUntilMs = now;
      transport.clear();
    },
    close(reason) {
      transport.close(reason);
    },
  };
}
