import type { ChildProcess } from 'node:child_process';
import { decodeTimeoutType, defaultPayloadConverter, type Payload } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../activities/sync-contacts';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import type { WorkerProcesses } from './worker-processes';

/**
 * The contact import (`syncContacts`) of a worker process killed with SIGKILL mid-file resumes, in a new worker
 * process, after the last row the killed worker heartbeated to Temporal, and the contacts end up exactly the file's.
 */
let h: EngineHarness;
let workers: WorkerProcesses;

/** Large enough that the import (5,000-row batches) is still running when its first heartbeat reaches Temporal. */
const ROWS = 200_000;

/** Row i's own number: unique, valid (+1 212 2xx xxxx). */
const numberOf = (i: number) => `+1212${200 + Math.floor(i / 10_000)}${String(i % 10_000).padStart(4, '0')}`;
/** Every 1000th row is not a number; every 1000th other one repeats the number of the row 2,500 rows before it. */
const isInvalid = (i: number) => i % 1000 === 999;
const isRepeat = (i: number) => i >= 2500 && i % 1000 === 500;

const cells = Array.from({ length: ROWS }, (_, i) =>
  isInvalid(i) ? 'not a number' : isRepeat(i) ? numberOf(i - 2500) : numberOf(i),
);
/** `row number` + number of each contact, `row number` + reason of each reject, as the file says they must be. */
const expectedContacts: string[] = [];
const expectedRejects: string[] = [];
const seen = new Set<string>();
cells.forEach((cell, i) => {
  if (isInvalid(i)) expectedRejects.push(`${i + 1} invalid_phone_number`);
  else if (seen.has(cell)) expectedRejects.push(`${i + 1} duplicate`);
  else expectedContacts.push(`${i + 1} ${cell}`);
  seen.add(cell);
});

beforeAll(async () => {
  h = await startEngineHarness();
  workers = await h.workerProcesses();
});

afterAll(async () => {
  await h?.close();
});

interface SyncActivityState {
  attempt: number;
  lastRow: number | null;
  workerIdentity: string;
}

const decodeProgress = (payloads: Payload[] | null | undefined): number | null => {
  const payload = payloads?.[0];
  return payload ? defaultPayloadConverter.fromPayload<SyncProgress>(payload).lastRow : null;
};

/** The import activity as Temporal holds it: its attempt and the heartbeat details it recorded last. */
async function pendingSync(campaignId: number): Promise<SyncActivityState | null> {
  const description = await h.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`).describe();
  const pending = description.raw.pendingActivities?.find((a) => a.activityType?.name === 'syncContacts');
  if (!pending) return null;
  return {
    attempt: pending.attempt ?? 0,
    lastRow: decodeProgress(pending.heartbeatDetails?.payloads as Payload[] | undefined),
    workerIdentity: pending.lastWorkerIdentity ?? '',
  };
}

/** `contact import started` lines of a worker's log, with the row each resumed after. */
function importStarts(worker: ChildProcess): number[] {
  return workers
    .logLines(worker)
    .filter((line) => line.msg === 'contact import started')
    .map((line) => line.resume_after_row as number);
}

async function rowsWritten(campaignId: number, upToRow = ROWS) {
  const count = async (table: 'contacts' | 'contact_rejects') => {
    const row = await h.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', campaignId)
      .where('row_number', '<=', upToRow)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return (await count('contacts')) + (await count('contact_rejects'));
}

/**
 * The `ActivityTaskStarted` events of the import once it completed (Temporal writes a retried activity's started
 * event, with its attempt and the previous attempt's failure, when the attempt ends); null until then.
 */
async function syncStartedEvents(campaignId: number) {
  const history = await h.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`).fetchHistory();
  const events = history.events ?? [];
  const scheduled = events.find(
    (event) => event.activityTaskScheduledEventAttributes?.activityType?.name === 'syncContacts',
  );
  if (!scheduled) return null;
  const ofSync = (id: unknown) => String(id) === String(scheduled.eventId);
  if (!events.some((event) => ofSync(event.activityTaskCompletedEventAttributes?.scheduledEventId)))
    return null;
  return events
    .map((event) => event.activityTaskStartedEventAttributes)
    .filter((attributes) => attributes && ofSync(attributes.scheduledEventId));
}

describe('a contact import whose worker is killed', () => {
  it('resumes in a new worker after the row the killed one heartbeated, and imports the file exactly', async () => {
    expect([expectedRejects.length, expectedContacts.length]).toEqual([200 + 198, ROWS - 398]);
    const campaignId = await createCampaign(h, {
      phones: cells,
      simulator: { ring_seconds: 0.1, talk_seconds: 0.1 },
      body: { max_concurrency: 2 },
    });
    const configurationId = (await campaignRow(h, campaignId)).telephony_configuration_id!;
    const first = await workers.start();
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    // As soon as Temporal holds a heartbeat naming a committed row: the worker dies mid-file.
    await waitFor(
      async () => {
        const sync = await pendingSync(campaignId);
        if (!sync && (await campaignRow(h, campaignId)).state !== 'syncing')
          throw new Error('the import ended before a heartbeat with a committed row reached Temporal');
        return (sync?.lastRow ?? 0) > 0;
      },
      { timeoutMs: 120_000, intervalMs: 10, what: 'a heartbeat of the import with a committed row' },
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const killed = (await pendingSync(campaignId))!;
    const heartbeated = killed.lastRow!;
    console.log(`killed the import at heartbeat ${JSON.stringify(killed)}`);
    expect(killed.attempt).toBe(1);
    expect(killed.workerIdentity).toMatch(new RegExp(`^${first.pid}@`));
    expect(importStarts(first)).toEqual([0]);
    // Mid-file: the campaign still imports, rows past the heartbeat are missing, every row up to it is committed.
    expect((await campaignRow(h, campaignId)).state).toBe('syncing');
    expect(heartbeated).toBeLessThan(ROWS);
    expect(await rowsWritten(campaignId)).toBeLessThan(ROWS);
    expect(await rowsWritten(campaignId, heartbeated)).toBe(heartbeated);

    const second = await workers.start();
    await waitFor(async () => (await campaignRow(h, campaignId)).state !== 'syncing', {
      timeoutMs: 120_000,
      intervalMs: 100,
      what: 'the import finished by the new worker',
    });

    // The new worker's attempt started from the heartbeat Temporal recorded for the killed one.
    expect(importStarts(second)).toEqual([heartbeated]);
    const started = await waitFor(() => syncStartedEvents(campaignId), {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the import activity completed in the history',
    });
    expect(started).toHaveLength(1);
    expect(started[0]!.attempt).toBe(2);
    expect(started[0]!.identity).toMatch(new RegExp(`^${second.pid}@`));
    // The first attempt ended by Temporal's heartbeat timeout (the killed worker never reported back).
    expect(decodeTimeoutType(started[0]!.lastFailure!.timeoutFailureInfo!.timeoutType)).toBe('HEARTBEAT');

    // The file exactly: every valid row once, every reject once, the counters, one start and one end in the log.
    const contacts = await h.ctx.db
      .selectFrom('contacts')
      .select(['row_number', 'phone_number'])
      .where('campaign_id', '=', campaignId)
      .orderBy('row_number')
      .execute();
    expect(contacts.map((c) => `${c.row_number} ${c.phone_number}`)).toEqual(expectedContacts);
    const rejects = await h.ctx.db
      .selectFrom('contact_rejects')
      .select(['row_number', 'reason'])
      .where('campaign_id', '=', campaignId)
      .orderBy('row_number')
      .execute();
    expect(rejects.map((r) => `${r.row_number} ${r.reason}`)).toEqual(expectedRejects);
    expect(await campaignRow(h, campaignId)).toMatchObject({
      state: 'running',
      total_rows: expectedContacts.length,
      invalid_rows: expectedRejects.filter((r) => r.endsWith('invalid_phone_number')).length,
      duplicate_rows: expectedRejects.filter((r) => r.endsWith('duplicate')).length,
    });
    const events = await h.ctx.db
      .selectFrom('campaign_logs')
      .select('event')
      .where('campaign_id', '=', campaignId)
      .where('event', 'in', ['sync_started', 'sync_completed'])
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['sync_started', 'sync_completed']);

    // The campaign goes on: the new worker dials its contacts.
    await waitFor(
      async () =>
        (await h.ctx.db
          .selectFrom('simulator_calls')
          .select('id')
          .where('telephony_configuration_id', '=', configurationId)
          .executeTakeFirst()) ?? null,
      { timeoutMs: 60_000, what: 'the first call of the imported campaign' },
    );
    await h.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`).terminate('test over');
    second.kill('SIGTERM');
  }, 300_000);
});
