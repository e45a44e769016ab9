/**
 * The voice benchmark's figures: one row per level (concurrent calls) from the callers' results, the stored
 * transcripts and the media process's measurements, and the figures printed from the rows.
 */
import { percentile, round, type Figure } from '../engine/report';
import type { CallResult } from './caller';

export interface MediaMeasurement {
  cpuMs: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  rssMb: number;
}

export type LevelRow = ReturnType<typeof levelRow>;

export function levelRow(
  level: number,
  results: CallResult[],
  transcripts: Array<{ firstAudioMs: number[] } | null>,
  measured: MediaMeasurement,
) {
  const turnLatencies = transcripts.flatMap((t) => t?.firstAudioMs ?? []);
  const callSeconds = results.reduce((sum, r) => sum + r.callSeconds, 0);
  // A call that never heard its greeting or never saw its barge-in cleared is slower than any that did: it stays in
  // the percentiles as an endless wait (shown as "missing") and fails the run (failedCalls).
  const greetings = results.map((r) => r.greetingMs ?? Number.POSITIVE_INFINITY);
  const bargeIns = results.map((r) => r.bargeInMs ?? Number.POSITIVE_INFINITY);
  return {
    calls: level,
    ended_by_agent: results.filter((r) => r.endedBy === 'service').length,
    stored_transcripts: transcripts.filter((t) => t !== null).length,
    failed_calls: failedCalls(level, results, transcripts),
    turn_ms_p50: round(percentile(turnLatencies, 0.5)),
    turn_ms_p95: round(percentile(turnLatencies, 0.95)),
    turns_measured: turnLatencies.length,
    greeting_ms_p50: measuredOrMissing(percentile(greetings, 0.5)),
    greeting_ms_p95: measuredOrMissing(percentile(greetings, 0.95)),
    barge_in_ms_p50: measuredOrMissing(percentile(bargeIns, 0.5)),
    barge_in_ms_p95: measuredOrMissing(percentile(bargeIns, 0.95)),
    barge_ins_seen: results.filter((r) => r.bargeInMs !== null).length,
    caller_reply_ms_p50: round(
      percentile(
        results.flatMap((r) => r.replyMs),
        0.5,
      ),
    ),
    /** Messages of the service the vendor would have refused (none when the transport speaks its wire). */
    refused_messages: results.reduce((sum, r) => sum + r.refused, 0),
    cpu_ms_per_call_second: round(measured.cpuMs / callSeconds),
    event_loop_p99_ms: round(measured.lagP99Ms),
    event_loop_max_ms: round(measured.lagMaxMs),
    media_rss_mb: Math.round(measured.rssMb),
  };
}

const measuredOrMissing = (value: number) => (Number.isFinite(value) ? round(value) : 'missing');

/**
 * Calls that did not do all the script asks: no result came back, the agent did not end the call, the greeting or
 * the barge-in's clear never came, a message the vendor would refuse, or no transcript was stored.
 */
function failedCalls(
  level: number,
  results: CallResult[],
  transcripts: Array<{ firstAudioMs: number[] } | null>,
): number {
  const failed = results.filter(
    (r, index) =>
      r.endedBy !== 'service' ||
      r.greetingMs === null ||
      r.bargeInMs === null ||
      r.refused > 0 ||
      transcripts[index] === null,
  ).length;
  return failed + Math.max(0, level - results.length);
}

export function voiceFigures(
  rows: LevelRow[],
  options: {
    latencyLevels: Set<number>;
    levels: number[];
    endOfTurnSeconds: number;
    interruptionSeconds: number;
  },
): Figure[] {
  const figures: Figure[] = [];
  for (const row of rows) {
    const prefix = `${row.calls} calls`;
    if (options.latencyLevels.has(row.calls))
      figures.push(
        {
          name: `${prefix}: turn latency p50 / p95`,
          value: `${row.turn_ms_p50} / ${row.turn_ms_p95} ms`,
          measures: `end-of-turn decision → first agent frame handed to the transport (media process clock), ${row.turns_measured} replies; the end-of-turn silence comes before it (300 ms after a complete answer, else ${options.endOfTurnSeconds * 1000} ms)`,
        },
        {
          name: `${prefix}: start → first greeting frame p50 / p95`,
          value: `${row.greeting_ms_p50} / ${row.greeting_ms_p95} ms`,
          measures: "the vendor's start message sent → first agent audio received (callers’ clock)",
        },
        {
          name: `${prefix}: barge-in → clear p50 / p95`,
          value: `${String(row.barge_in_ms_p50)} / ${String(row.barge_in_ms_p95)} ms (${row.barge_ins_seen} seen)`,
          measures: `the caller's frame completing ${options.interruptionSeconds * 1000} ms of speech over the agent sent → \`clear\` received (callers’ clock)`,
        },
      );
    figures.push({
      name: `${prefix}: media CPU, event-loop p99, RSS`,
      value: `${row.cpu_ms_per_call_second} ms per call-second, ${row.event_loop_p99_ms} ms, ${row.media_rss_mb} MB`,
      measures: `media process CPU (user+system) ÷ call-seconds; event-loop delay p99 during the level; ${row.ended_by_agent}/${row.calls} calls ended by the agent; ${row.failed_calls} calls failed; ${row.refused_messages} messages the vendor would refuse`,
    });
  }
  const over = rows.find((row) => row.event_loop_p99_ms > 20);
  figures.push({
    name: 'event-loop delay p99 passes 20 ms at',
    value: over ? `${over.calls} calls` : `not within ${options.levels.join(', ')} calls`,
    measures: 'the first level whose media-process event-loop delay p99 exceeds 20 ms',
  });
  return figures;
}
