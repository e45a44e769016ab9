/**
 * The Silero helper: a small process of its own (silero-helper-process.ts starts one per process that asks) holding one
 * Silero detector (silero.ts) per call, deciding the frames its parent sends, in order, with a message back per batch.
 * The model runs here, so its ~0.09 ms per window stays off the event loop that carries the calls' audio. A process,
 * not a worker thread: onnxruntime-node aborts the whole process when a thread running it is terminated mid-run (as
 * happens on any exit), and a helper can be killed or outlive nothing. When the parent goes (its channel closes),
 * the helper exits between two batches.
 */
import type { VoiceActivityDetector } from './detector';
import { createSileroDetector } from './silero';
import type { FromSileroHelper, ToSileroHelper } from './silero-helper-messages';

if (!process.send) throw new Error('silero-helper.ts runs as a child process with an IPC channel');
const detectors = new Map<number, VoiceActivityDetector>();

function reply(message: FromSileroHelper): void {
  // After the parent went there is nobody to tell; the callback keeps a failed send from being thrown.
  if (process.connected) process.send!(message, undefined, undefined, () => {});
}

process.on('message', (message: ToSileroHelper) => {
  if (message.type === 'open') {
    const options = message.threshold === undefined ? {} : { threshold: message.threshold };
    detectors.set(message.id, createSileroDetector(message.sampleRate, options));
  } else if (message.type === 'close') {
    detectors.get(message.id)?.close();
    detectors.delete(message.id);
  } else {
    const ids: number[] = [];
    const speech: number[] = [];
    const failures: FromSileroHelper[] = [];
    let at = 0;
    message.ids.forEach((id, index) => {
      const frame = message.samples.subarray(at, at + message.lengths[index]!);
      at += frame.length;
      const detector = detectors.get(id);
      // A detector closed meanwhile: its frames need no decision.
      if (!detector) return;
      try {
        speech.push(detector.isSpeech(frame) ? 1 : 0);
        ids.push(id);
      } catch (error) {
        // That call's remaining frames are decided in its own process (silero-helper-process.ts).
        detectors.delete(id);
        failures.push({
          type: 'failed',
          id,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });
    reply({ type: 'decisions', ids: Int32Array.from(ids), speech: Uint8Array.from(speech) });
    for (const failure of failures) reply(failure);
  }
});

process.once('disconnect', () => process.exit(0));

reply({ type: 'ready' });
