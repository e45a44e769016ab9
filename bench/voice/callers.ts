/**
 * The voice benchmark's callers: the vendor's side of many media streams at once, in real time, in a process of its
 * own, speaking the wire of the transport named by BENCH_VOICE_TRANSPORT (wires.ts), one wire per call. One clock drives every call
 * (caller.ts): each tick sends the 20 ms frames due since the last one, so callers keep real time even when a tick
 * comes late.
 * Input (IPC `calls`): `{ calls: CallOpening[], interruptionSeconds, staggerMs }`; output: `results`, one per call.
 */
import { Caller, type CallOpening, type CallResult } from './caller';
import { renderCallerLines } from './caller-lines';
import { benchTransport } from './wires';

interface CallsMessage {
  type: 'calls';
  calls: CallOpening[];
  interruptionSeconds: number;
  staggerMs: number;
}

const transport = benchTransport(process.env.BENCH_VOICE_TRANSPORT ?? 'twilio');
const lines = await renderCallerLines(transport.newWire().media.sampleRate);
process.on('message', (message: CallsMessage) => {
  if (message.type !== 'calls') return;
  const callers: Caller[] = [];
  const results: Array<Promise<CallResult>> = [];
  message.calls.forEach((opening, index) => {
    setTimeout(() => {
      const caller = new Caller(transport.newWire(), opening, lines, message.interruptionSeconds * 1000);
      callers.push(caller);
      results.push(caller.done);
    }, index * message.staggerMs);
  });
  const startedAt = performance.now();
  let ticks = 0;
  const clock = setInterval(() => {
    const due = Math.floor((performance.now() - startedAt) / 20);
    for (; ticks < due; ticks++) {
      const now = performance.now();
      for (const caller of callers) caller.tick(now);
    }
  }, 5);
  const wait = setInterval(() => {
    if (results.length < message.calls.length) return;
    clearInterval(wait);
    void Promise.all(results).then((all) => {
      clearInterval(clock);
      process.send!({ type: 'results', results: all });
    });
  }, 100);
});
process.send!({ type: 'ready' });
