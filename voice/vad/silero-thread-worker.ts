/**
 * The Silero thread (a worker thread of the media process, started by silero-thread.ts): holds one Silero detector
 * (silero.ts) per call and decides the frames the process sends, in order, answering with a message per batch. The
 * model runs here, so its ~0.09 ms per window stays off the event loop that carries the calls' audio.
 */
import { parentPort } from 'node:worker_threads';
import type { VoiceActivityDetector } from './detector';
import { createSileroDetector } from './silero';
import type { FromSileroThread, ToSileroThread } from './silero-thread-messages';

if (!parentPort) throw new Error('silero-thread-worker.ts runs as a worker thread');
const port = parentPort;
const detectors = new Map<number, VoiceActivityDetector>();

port.on('message', (message: ToSileroThread) => {
  if (message.type === 'open') {
    const options = message.threshold === undefined ? {} : { threshold: message.threshold };
    detectors.set(message.id, createSileroDetector(message.sampleRate, options));
  } else if (message.type === 'close') {
    detectors.get(message.id)?.close();
    detectors.delete(message.id);
  } else {
    const decisions: Array<[number, boolean]> = [];
    const failures: FromSileroThread[] = [];
    for (const [id, frame] of message.frames) {
      const detector = detectors.get(id);
      if (!detector) continue;
      try {
        decisions.push([id, detector.isSpeech(frame)]);
      } catch (error) {
        // That call's remaining frames are decided on its own thread (silero-thread.ts).
        detectors.delete(id);
        failures.push({
          type: 'failed',
          id,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    port.postMessage({ type: 'decisions', decisions } satisfies FromSileroThread);
    for (const failure of failures) port.postMessage(failure);
  }
});
