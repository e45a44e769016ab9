/**
 * Voice benchmarks (not tests) on the real stack, per media transport: the media process (media/server.ts, as
 * `npm run media` runs it, in its own process) takes the calls' streams, and the agent talks with the local flite
 * voice; the vendor fakes (LLM, Deepgram: both answer at once) and the callers run in processes of their own. The
 * callers speak the chosen vendor's wire from the vendor's side (wires.ts: the transport contract suite's wires).
 * Usage:
 *   npx tsx bench/voice/main.ts [--transport twilio|simulator|telnyx|vonage|plivo|asterisk]
 *                               [--calls N | --levels 1,25,50,100,150] [--latency-levels 1,100] [--uncached]
 *                               [--vad silero|webrtc]
 * `--uncached`: every sentence of every agent reply is one no other reply has, so none of it comes from the media
 * process's synthesis cache (vendor-fakes.ts).
 * Twilio calls arrive through the service's inbound webhook, as part 1 measured them; for every other transport the
 * run is created directly and its stream opened at the minted media URL (call-openings.ts), so those figures
 * measure the transport and the voice pipeline, not the vendor's answer webhook.
 * Each level runs that many concurrent calls of the script in script.ts (greeting, a request for a story, a
 * barge-in, a goodbye), staggered over about 3 s, and reports (level-report.ts):
 * - turn latency (the media process's own clock): the end-of-turn decision → the first agent frame handed to the
 *   transport, p50/p95, from every agent reply's `latency.first_audio_ms` in the stored transcripts;
 * - the end-of-turn silence the agent waits before that decision (the agent's vad_configuration.stop_seconds);
 * - start → first greeting frame (caller's clock): the vendor's start message sent → first agent audio received;
 * - barge-in → clear (caller's clock): the caller's frame completing `start_seconds` of speech over the agent sent →
 *   `clear` received;
 * - CPU ms of the media process per call-second, its event-loop delay p99 and RSS, per level.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../devstack/processes';
import { loadNow, printResults } from '../engine/report';
import { log, startBenchStack } from '../engine/stack';
import { DEFAULT_VAD_ENGINE, VAD_ENGINES, type VadEngine } from '../../voice/vad/detector';
import { configureBenchAgent } from './bench-agent';
import type { CallResult } from './caller';
import { directOpener, twilioOpener, type OpenedCall } from './call-openings';
import { levelRow, voiceFigures, type LevelRow, type MediaMeasurement } from './level-report';
import { findRunTranscript } from './transcripts';
import { benchTransport } from './wires';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const listOption = (name: string, fallback: number[]) => option(name)?.split(',').map(Number) ?? fallback;
const transport = option('transport') ?? 'twilio';
const bench = benchTransport(transport);
const wire = bench.newWire();
const calls = option('calls');
const levels = calls === undefined ? listOption('levels', [1, 25, 50, 100, 150]) : [Number(calls)];
const latencyLevels = new Set(calls === undefined ? listOption('latency-levels', [1, 100]) : levels);
if (levels.some((level) => !Number.isSafeInteger(level) || level < 1))
  throw new Error(`levels must be whole numbers of calls: ${levels.join(', ')}`);
const END_OF_TURN_SECONDS = 0.8;
const vadEngine = option('vad') ?? DEFAULT_VAD_ENGINE;
if (!VAD_ENGINES.includes(vadEngine as VadEngine))
  throw new Error(`--vad is one of ${VAD_ENGINES.join(', ')}`);
const INTERRUPTION_SECONDS = 0.3;

/** A child running `script` with an IPC channel; resolves with its first message (its `ready`). */
async function startIpcChild(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${script} exited (${String(code)}) before it was ready`);
  });
  const [ready] = (await Promise.race([once(child, 'message'), exited])) as [{ type: string; url?: string }];
  return { child, ready };
}

function request<T>(child: ChildProcess, message: object, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (reply: { type: string }) => {
      if (reply.type !== answer) return;
      child.off('message', listener);
      resolve(reply as T);
    };
    child.on('message', listener);
    child.send(message);
  });
}

const mediaPort = await freePort();
const mediaEnv = {
  MEDIA_HOST: '127.0.0.1',
  MEDIA_PORT: String(mediaPort),
  MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
  // The vendor fakes and the Twilio fake listen on loopback.
  ALLOWED_PRIVATE_DESTINATIONS: '*',
};
const stack = await startBenchStack({ env: mediaEnv });
const children: ChildProcess[] = [];
const rows: LevelRow[] = [];
try {
  const fakesArgs = args.includes('--uncached') ? ['--uncached'] : [];
  const fakes = spawn(process.execPath, ['--import', 'tsx', 'bench/voice/vendor-fakes.ts', ...fakesArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(fakes);
  const [line] = (await once(fakes.stdout!, 'data')) as [Buffer];
  const vendors = JSON.parse(line.toString()) as { llm: string; deepgram: string };
  await configureBenchAgent(stack, vendors, {
    startSeconds: INTERRUPTION_SECONDS,
    stopSeconds: END_OF_TURN_SECONDS,
    engine: vadEngine as VadEngine,
  });
  const opener =
    transport === 'twilio'
      ? await twilioOpener(stack, wire)
      : await directOpener(stack, wire, bench.streamUrl);

  const media = await startIpcChild('bench/voice/media-child.ts', { ...stack.env, ...mediaEnv });
  children.push(media.child);
  const callers = await startIpcChild('bench/voice/callers.ts', { BENCH_VOICE_TRANSPORT: transport });
  children.push(callers.child);
  log(`${transport}: media process ${media.ready.url}; vendor fakes ${vendors.llm} ${vendors.deepgram}`);

  const loadBefore = loadNow();
  for (const level of levels) {
    log(`${transport}: ${level} concurrent calls`);
    const opened: OpenedCall[] = [];
    for (let i = 0; i < level; i++) opened.push(await opener.open(i));
    media.child.send({ type: 'measure-start' });
    const { results } = await request<{ results: CallResult[] }>(
      callers.child,
      {
        type: 'calls',
        calls: opened.map(({ opening }) => opening),
        interruptionSeconds: INTERRUPTION_SECONDS,
        staggerMs: level > 1 ? 3000 / level : 0,
      },
      'results',
    );
    const measured = await request<MediaMeasurement>(media.child, { type: 'measure-stop' }, 'measured');
    const transcripts = await Promise.all(opened.map(({ runId }) => findRunTranscript(stack.ctx, runId)));
    const refusal = results.find((result) => result.firstRefusal !== undefined)?.firstRefusal;
    if (refusal !== undefined)
      log(`${transport}: the vendor would refuse a message of the service: ${refusal}`);
    const row = levelRow(level, results, transcripts, measured);
    rows.push(row);
    log(JSON.stringify(row));
  }
  await opener.close();

  printResults({
    mode: `voice-${transport}`,
    setup: [
      `transport ${transport} (${wire.media.transport}, ${wire.media.sampleRate} Hz, real-time 20 ms frames) from a callers process; Deepgram and LLM fakes answering at once in another process`,
      `each call: ${opener.path}`,
      `agent voice: local flite (slt); end of turn after 0.3 s of silence on a complete answer (Deepgram's final), else ${END_OF_TURN_SECONDS} s; barge-in after ${INTERRUPTION_SECONDS} s of speech; voice activity: ${vadEngine}${vadEngine === 'silero' ? " (in the media process's Silero helper)" : ''}; recording on`,
      `levels: ${levels.join(', ')} concurrent calls, started over ~3 s`,
    ],
    loadBefore,
    figures: voiceFigures(rows, {
      latencyLevels,
      levels,
      endOfTurnSeconds: END_OF_TURN_SECONDS,
      interruptionSeconds: INTERRUPTION_SECONDS,
    }),
    json: { transport, levels: rows },
  });
} finally {
  for (const child of children) child.kill('SIGTERM');
  await stack.stop();
}
// Work lost is a failed run, whatever the figures say.
// A level that never reported counts all its calls.
const failed = levels.reduce((sum, level, index) => sum + (rows[index]?.failed_calls ?? level), 0);
if (failed > 0) log(`${failed} calls did not complete the script: the run fails`);
process.exit(failed > 0 ? 1 : 0);
