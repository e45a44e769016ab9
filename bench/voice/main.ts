/**
 * Voice benchmarks (not tests) on the real stack: the API answers Twilio's inbound webhooks with `<Connect><Stream>`,
 * the media process (media/server.ts, as `npm run media` runs it, in its own process) takes the streams, and the
 * agent talks with the local flite voice; the vendor fakes (LLM, Deepgram: both answer at once) and the Twilio
 * callers run in processes of their own. Usage:
 *   npx tsx bench/voice/main.ts [--levels 1,25,50,100,150] [--latency-levels 1,100]
 * Each level runs that many concurrent calls of the script in script.ts (greeting, a request for a story, a
 * barge-in, a goodbye), staggered over about 3 s, and reports:
 * - turn latency (the media process's own clock): the end-of-turn decision → the first agent frame handed to the
 *   transport, p50/p95, from every agent reply's `latency.first_audio_ms` in the stored transcripts;
 * - the end-of-turn silence the agent waits before that decision (the agent's vad_configuration.stop_seconds);
 * - start → first greeting frame (caller's clock): `start` sent → first agent `media` received;
 * - barge-in → clear (caller's clock): the caller's frame completing `start_seconds` of speech over the agent sent →
 *   `clear` received;
 * - CPU ms of the media process per call-second, its event-loop delay p99 and RSS, per level.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../devstack/processes';
import { findRunTranscript } from './transcripts';
import { startTwilioFake } from '../../test/providers/fakes/twilio-fake';
import { CONFIGS } from '../../test/telephony/helpers';
import { definition } from '../../test/voice/call-harness';
import { loadNow, percentile, printResults, round, type Figure } from '../engine/report';
import { log, startBenchStack } from '../engine/stack';
import type { CallResult } from './callers';
import { DEEPGRAM_KEY } from './script';

const args = process.argv.slice(2);
const listOption = (name: string, fallback: number[]) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]!.split(',').map(Number) : fallback;
};
const levels = listOption('levels', [1, 25, 50, 100, 150]);
const latencyLevels = new Set(listOption('latency-levels', [1, 100]));
const BOUND = '+15005559001';
const END_OF_TURN_SECONDS = 0.8;
const INTERRUPTION_SECONDS = 0.3;

/** A child running `script` with an IPC channel; resolves with its first message (its `ready`). */
async function startIpcChild(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await once(child, 'message')) as [{ type: string; url?: string }];
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
try {
  const fakes = spawn(process.execPath, ['--import', 'tsx', 'bench/voice/vendor-fakes.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(fakes);
  const [line] = (await once(fakes.stdout!, 'data')) as [Buffer];
  const vendors = JSON.parse(line.toString()) as { llm: string; deepgram: string };
  const twilio = await startTwilioFake({ numbers: [BOUND] });
  const { app, ctx, org, agentId } = stack;
  const headers = org.headers;

  const configuration = await app.inject({
    method: 'POST',
    url: CONFIGS,
    headers,
    payload: {
      name: 'twilio-bench',
      config: {
        provider: 'twilio',
        account_sid: twilio.accountSid,
        auth_token: twilio.authToken,
        api_base_url: twilio.url,
      },
    },
  });
  if (configuration.statusCode !== 201) throw new Error(`telephony configuration: ${configuration.body}`);
  const voiceConfig = await app.inject({
    method: 'POST',
    url: '/api/v1/organizations/voice-configs',
    headers,
    payload: {
      name: 'bench',
      stt: { provider: 'deepgram', api_key: DEEPGRAM_KEY, base_url: vendors.deepgram },
      tts: { provider: 'local' },
      llm: { provider: 'openai', api_key: 'bench-llm-key', base_url: vendors.llm, model: 'bench-model' },
    },
  });
  if (voiceConfig.statusCode !== 201) throw new Error(`voice configuration: ${voiceConfig.body}`);
  await ctx.db
    .updateTable('agent_definitions')
    .set({ workflow_definition: JSON.stringify(definition) })
    .where('agent_id', '=', agentId)
    .execute();
  await ctx.db
    .updateTable('agents')
    .set({
      workflow_configurations: JSON.stringify({
        voice_config_id: (voiceConfig.json() as { id: number }).id,
        vad_configuration: { start_seconds: INTERRUPTION_SECONDS, stop_seconds: END_OF_TURN_SECONDS },
      }),
      call_disposition_codes: JSON.stringify({ disposition_codes: ['done'] }),
    })
    .where('id', '=', agentId)
    .execute();
  const number = await app.inject({
    method: 'POST',
    url: `${CONFIGS}/${(configuration.json() as { id: number }).id}/phone-numbers`,
    headers,
    payload: { address: BOUND, inbound_workflow_id: agentId },
  });
  if (number.statusCode !== 201) throw new Error(`number: ${number.body}`);

  const media = await startIpcChild('bench/voice/media-child.ts', { ...stack.env, ...mediaEnv });
  children.push(media.child);
  const callers = await startIpcChild('bench/voice/callers.ts', {});
  children.push(callers.child);
  log(`media process ${media.ready.url}; vendor fakes ${vendors.llm} ${vendors.deepgram}`);

  const rows: Array<Record<string, unknown>> = [];
  const figures: Figure[] = [];
  const loadBefore = loadNow();
  for (const level of levels) {
    log(`${level} concurrent calls`);
    const calls: Array<{ twiml: string; runId: number }> = [];
    for (let i = 0; i < level; i++) {
      const answer = await twilio.callInbound(BOUND, `+1415555${String(1000 + i).padStart(4, '0')}`);
      if (answer.status !== 200) throw new Error(`inbound webhook answered ${answer.status}: ${answer.text}`);
      calls.push({ twiml: answer.text, runId: Number(/name="run_id" value="(\d+)"/.exec(answer.text)![1]) });
    }
    media.child.send({ type: 'measure-start' });
    const { results } = await request<{ results: CallResult[] }>(
      callers.child,
      {
        type: 'calls',
        calls: calls.map(({ twiml }) => ({ twiml })),
        authToken: twilio.authToken,
        interruptionSeconds: INTERRUPTION_SECONDS,
        staggerMs: level > 1 ? 3000 / level : 0,
      },
      'results',
    );
    const measured = await request<{
      cpuMs: number;
      lagP50Ms: number;
      lagP99Ms: number;
      lagMaxMs: number;
      rssMb: number;
    }>(media.child, { type: 'measure-stop' }, 'measured');
    const transcripts = await Promise.all(calls.map(({ runId }) => findRunTranscript(ctx, runId)));
    const turnLatencies = transcripts.flatMap((t) => t?.firstAudioMs ?? []);
    const callSeconds = results.reduce((sum, r) => sum + r.callSeconds, 0);
    const greetings = results.flatMap((r) => (r.greetingMs === null ? [] : [r.greetingMs]));
    const bargeIns = results.flatMap((r) => (r.bargeInMs === null ? [] : [r.bargeInMs]));
    const row = {
      calls: level,
      ended_by_agent: results.filter((r) => r.endedBy === 'service').length,
      stored_transcripts: transcripts.filter((t) => t !== null).length,
      turn_ms_p50: round(percentile(turnLatencies, 0.5)),
      turn_ms_p95: round(percentile(turnLatencies, 0.95)),
      turns_measured: turnLatencies.length,
      greeting_ms_p50: round(percentile(greetings, 0.5)),
      greeting_ms_p95: round(percentile(greetings, 0.95)),
      barge_in_ms_p50: bargeIns.length ? round(percentile(bargeIns, 0.5)) : null,
      barge_in_ms_p95: bargeIns.length ? round(percentile(bargeIns, 0.95)) : null,
      barge_ins_seen: bargeIns.length,
      caller_reply_ms_p50: round(
        percentile(
          results.flatMap((r) => r.replyMs),
          0.5,
        ),
      ),
      cpu_ms_per_call_second: round(measured.cpuMs / callSeconds),
      event_loop_p99_ms: round(measured.lagP99Ms),
      event_loop_max_ms: round(measured.lagMaxMs),
      media_rss_mb: Math.round(measured.rssMb),
    };
    rows.push(row);
    log(JSON.stringify(row));
  }

  for (const row of rows) {
    const prefix = `${String(row.calls)} calls`;
    if (latencyLevels.has(row.calls as number))
      figures.push(
        {
          name: `${prefix}: turn latency p50 / p95`,
          value: `${String(row.turn_ms_p50)} / ${String(row.turn_ms_p95)} ms`,
          measures: `end-of-turn decision → first agent frame handed to the transport (media process clock), ${String(row.turns_measured)} replies; the ${END_OF_TURN_SECONDS * 1000} ms end-of-turn silence comes before it`,
        },
        {
          name: `${prefix}: start → first greeting frame p50 / p95`,
          value: `${String(row.greeting_ms_p50)} / ${String(row.greeting_ms_p95)} ms`,
          measures: 'Twilio `start` sent → first agent `media` received (callers’ clock)',
        },
        {
          name: `${prefix}: barge-in → clear p50 / p95`,
          value: `${String(row.barge_in_ms_p50)} / ${String(row.barge_in_ms_p95)} ms (${String(row.barge_ins_seen)} seen)`,
          measures: `the caller's frame completing ${INTERRUPTION_SECONDS * 1000} ms of speech over the agent sent → \`clear\` received (callers’ clock)`,
        },
      );
    figures.push({
      name: `${prefix}: media CPU, event-loop p99, RSS`,
      value: `${String(row.cpu_ms_per_call_second)} ms per call-second, ${String(row.event_loop_p99_ms)} ms, ${String(row.media_rss_mb)} MB`,
      measures: `media process CPU (user+system) ÷ call-seconds; event-loop delay p99 during the level; ${String(row.ended_by_agent)}/${String(row.calls)} calls ended by the agent`,
    });
  }
  const over = rows.find((row) => (row.event_loop_p99_ms as number) > 20);
  figures.push({
    name: 'event-loop delay p99 passes 20 ms at',
    value: over ? `${String(over.calls)} calls` : `not within ${levels.join(', ')} calls`,
    measures: 'the first level whose media-process event-loop delay p99 exceeds 20 ms',
  });
  printResults({
    mode: 'voice',
    setup: [
      'Twilio Media Streams (μ-law 8 kHz, real-time 20 ms frames) from a callers process; Deepgram and LLM fakes answering at once in another process',
      `agent voice: local flite (slt); end of turn after ${END_OF_TURN_SECONDS} s of silence; barge-in after ${INTERRUPTION_SECONDS} s of speech; recording on`,
      `levels: ${levels.join(', ')} concurrent calls, started over ~3 s`,
    ],
    loadBefore,
    figures,
    json: { levels: rows },
  });
} finally {
  for (const child of children) child.kill('SIGTERM');
  await stack.stop();
}
process.exit(0);
