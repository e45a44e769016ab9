import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { log, type BenchStack } from '../engine/stack';
import { contactCsv, type GeneratedMix } from './generate';
import {
  campaignState,
  closedWindow,
  createCampaign,
  sleep,
  startCampaign,
  uploadSource,
} from './bench-campaigns';
import { mib, sampleProcess, watchPostgresCpu, watchProcess } from './process-usage';

/**
 * One contact import in the real worker process: a generated CSV of `rows` rows is uploaded, a campaign over it is
 * created and started through the API (with a calling window that is closed, so nothing but the import runs), and the
 * worker's `syncContacts` activity imports it. Timed from the activity's ActivityTaskStarted event to its
 * ActivityTaskCompleted event in the workflow's history (the Temporal server's clock), which comes right after the
 * transaction that moves the campaign to running commits; cross-checked by the campaign log's `sync_started` →
 * `sync_completed` timestamps (PostgreSQL's clock: the activity's first write → the start of that transaction).
 */
export interface ImportFigures {
  rows: number;
  campaignId: number;
  /** ActivityTaskStarted → ActivityTaskCompleted of `syncContacts`. */
  activitySeconds: number;
  rowsPerSecond: number;
  /** `sync_started` → `sync_completed` in `campaign_logs`. */
  logSeconds: number;
  /** The worker's `VmRSS` just before the start request, and its `VmHWM` then (its peak since it started). */
  rssBeforeMiB: number;
  peakBeforeMiB: number;
  /** The worker's `VmHWM` once the campaign is running: the process's peak RSS, import included. */
  peakRssMiB: number;
  /** The highest `VmRSS` seen sampling every 50 ms (cross-check). */
  sampledPeakRssMiB: number;
  workerCpuMicrosPerRow: number;
  postgresCpuMicrosPerRow: number | null;
  imported: { state: string; valid: number; invalid: number; duplicate: number };
}

const eventMs = (time: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
  Number(time?.seconds ?? 0) * 1000 + (time?.nanos ?? 0) / 1e6;

/** The `syncContacts` activity's started and completed times, from the workflow's history (waits for the completion). */
async function activityTimes(stack: BenchStack, campaignId: number) {
  const handle = stack.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`);
  for (let tries = 0; tries < 100; tries++) {
    const events = (await handle.fetchHistory()).events ?? [];
    const scheduled = events.find(
      (e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'syncContacts',
    );
    const id = Number(scheduled?.eventId ?? -1);
    const started = events.find((e) => Number(e.activityTaskStartedEventAttributes?.scheduledEventId) === id);
    const completed = events.find(
      (e) => Number(e.activityTaskCompletedEventAttributes?.scheduledEventId) === id,
    );
    if (started && completed) {
      const attempts = started.activityTaskStartedEventAttributes?.attempt ?? 1;
      if (attempts !== 1) log(`warning: the import took ${attempts} attempts`);
      return { startedMs: eventMs(started.eventTime), completedMs: eventMs(completed.eventTime) };
    }
    await sleep(100);
  }
  throw new Error(`campaign ${campaignId}: no completed syncContacts activity in its history`);
}

async function logSeconds(stack: BenchStack, campaignId: number): Promise<number> {
  const { rows } = await sql<{ seconds: number }>`
    select extract(epoch from max(ts) filter (where event = 'sync_completed')
                            - min(ts) filter (where event = 'sync_started'))::float8 as seconds
    from campaign_logs where campaign_id = ${campaignId}`.execute(stack.ctx.db);
  return Number(rows[0]?.seconds ?? NaN);
}

export async function measureImport(
  stack: BenchStack,
  worker: ChildProcess,
  rows: number,
): Promise<ImportFigures> {
  const mix: GeneratedMix = { rows: 0, invalid: 0, duplicates: 0 };
  // One PUT of the whole file: versitygw 1.7 refuses the SDK's multipart uploads (InvalidPart).
  const body = Buffer.concat([...contactCsv(rows, mix)].map((chunk) => Buffer.from(chunk)));
  const sourceKey = await uploadSource(stack, `contacts-${rows}-${Date.now()}.csv`, body);
  const campaignId = await createCampaign(stack, {
    name: `sync bench ${rows}`,
    sourceKey,
    maxConcurrency: 10,
    schedule: closedWindow(),
  });
  log(
    `campaign ${campaignId}: ${mix.rows} rows (${mib(body.length)} MiB; ~${mix.invalid} invalid, ` +
      `~${mix.duplicates} repeated numbers) uploaded`,
  );

  const pid = worker.pid!;
  const before = sampleProcess(pid);
  const postgres = await watchPostgresCpu(stack.env.DATABASE_URL!);
  const watch = watchProcess(pid);
  await startCampaign(stack, campaignId);
  let row = await campaignState(stack, campaignId);
  while (row.state === 'syncing' || row.state === 'created') {
    await sleep(100);
    row = await campaignState(stack, campaignId);
  }
  const { last, sampledPeakRssBytes } = watch.stop();
  const postgresCpu = await postgres.stop();
  const times = await activityTimes(stack, campaignId);
  const activitySeconds = (times.completedMs - times.startedMs) / 1000;
  const perRow = (seconds: number) => Math.round((seconds / rows) * 1e7) / 10;
  return {
    rows,
    campaignId,
    activitySeconds: Math.round(activitySeconds * 100) / 100,
    rowsPerSecond: Math.round(rows / activitySeconds),
    logSeconds: Math.round((await logSeconds(stack, campaignId)) * 100) / 100,
    rssBeforeMiB: mib(before.rssBytes),
    peakBeforeMiB: mib(before.peakRssBytes),
    peakRssMiB: mib(last.peakRssBytes),
    sampledPeakRssMiB: mib(sampledPeakRssBytes),
    workerCpuMicrosPerRow: perRow(last.cpuSeconds - before.cpuSeconds),
    postgresCpuMicrosPerRow: postgresCpu === null ? null : perRow(postgresCpu),
    imported: {
      state: row.state,
      valid: row.total_rows ?? 0,
      invalid: row.invalid_rows ?? 0,
      duplicate: row.duplicate_rows ?? 0,
    },
  };
}
