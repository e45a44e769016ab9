/**
 * A synthesis helper: a small process of its own (local-synthesis-pool.ts starts a few per process) that runs the
 * local text-to-speech engine (local-engine-run.ts) for the requests its parent sends over IPC, and sends the WAV
 * bytes back as they are read, tagged with the request's id, then `end` or `error` (local-synthesis-messages.ts).
 * Spawning the engine from here keeps the fork of a large address space, and its stall, out of the process that
 * carries the calls' audio. When the parent goes (its IPC channel closes: it exited, crashed or closed the pool),
 * every run is killed and the helper exits once their engines are reaped and temporary folders removed.
 */
import { runLocalEngine } from './local-engine-run';
import type { HelperReply, HelperRequest, SynthesisRequest } from './local-synthesis-messages';

/** A last resort if something keeps the event loop alive after the parent went. */
const EXIT_AFTER_DISCONNECT_MS = 5000;

const runs = new Map<number, AbortController>();

function reply(message: HelperReply): void {
  // After the parent went there is nobody to tell; the callback keeps a failed send from being thrown.
  if (process.connected) process.send!(message, undefined, undefined, () => {});
}

async function synthesize(request: SynthesisRequest): Promise<void> {
  const controller = new AbortController();
  runs.set(request.id, controller);
  try {
    const { engine, binary, voice, text } = request;
    for await (const data of runLocalEngine({ engine, binary, voice, text, signal: controller.signal }))
      reply({ type: 'chunk', id: request.id, data });
    reply({ type: 'end', id: request.id });
  } catch (error) {
    reply({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    runs.delete(request.id);
  }
}

if (!process.send) throw new Error('local-synthesis-helper.ts runs as a child process with an IPC channel');

process.on('message', (message: HelperRequest) => {
  if (message.type === 'cancel') runs.get(message.id)?.abort();
  else void synthesize(message);
});

process.once('disconnect', () => {
  for (const controller of runs.values()) controller.abort();
  setTimeout(() => process.exit(0), EXIT_AFTER_DISCONNECT_MS).unref();
});

reply({ type: 'ready' });
