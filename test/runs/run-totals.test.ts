import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { completeRun, createRun, type RunFilter, type RunListQuery } from '../../db/repositories/runs';
import { compactRunTotals, runTotals, type RunTotals } from '../../db/repositories/runs-totals';
import { totalsGrain } from '../../db/repositories/runs-totals-grain';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import { finished, insertAgent, insertCampaign } from './fixtures';

/**
 * The totals of the runs list come from per-day rollups kept by triggers plus the partial edge days read from `runs`.
 * Each case compares them with totals computed here, in JS, from the organization's rows: after inserts, completions
 * recorded later, deletions, moves across days and concurrent writers, for many filters and date ranges.
 */

interface Row {
  id: number;
  workflow_id: number;
  campaign_id: number | null;
  disposition: string | null;
  call_duration_seconds: number | null;
  service_token_usage: number;
  created_at: Date;
  caller_number: string | null;
  called_number: string | null;
}

async function expectedTotals(db: Db, organizationId: number, query: RunListQuery): Promise<RunTotals> {
  const rows: Row[] = await db
    .selectFrom('runs')
    .select([
      'id',
      'workflow_id',
      'campaign_id',
      'disposition',
      'call_duration_seconds',
      'service_token_usage',
      'created_at',
      'caller_number',
      'called_number',
    ])
    .where('organization_id', '=', organizationId)
    .execute();
  const matches = (row: Row, filter: RunFilter): boolean => {
    switch (filter.attribute) {
      case 'runId':
        return row.id === filter.value;
      case 'agentId':
        return row.workflow_id === filter.value;
      case 'campaignId':
        return row.campaign_id === filter.value;
      case 'callerNumber':
      case 'calledNumber': {
        const number = filter.attribute === 'callerNumber' ? row.caller_number : row.called_number;
        return number !== null && number.toLowerCase().includes(filter.value.toLowerCase());
      }
      case 'dispositionCode':
        return row.disposition !== null && filter.codes.includes(row.disposition);
      case 'duration':
        return (
          row.call_duration_seconds !== null &&
          (filter.min === undefined || row.call_duration_seconds >= filter.min) &&
          (filter.max === undefined || row.call_duration_seconds <= filter.max)
        );
    }
  };
  const selected = rows.filter(
    (row) =>
      (query.agentId === undefined || row.workflow_id === query.agentId) &&
      (!query.startDate || row.created_at.getTime() >= query.startDate.getTime()) &&
      (!query.endDate || row.created_at.getTime() <= query.endDate.getTime()) &&
      query.filters.every((filter) => matches(row, filter)),
  );
  return {
    totalCount: selected.length,
    totalServiceTokens: selected.reduce((sum, row) => sum + row.service_token_usage, 0),
    totalDurationSeconds: selected.reduce((sum, row) => sum + (row.call_duration_seconds ?? 0), 0),
  };
}

const at = (iso: string) => new Date(iso);

/** Date ranges: open ends, whole days, days cut at odd times, one day, no whole day inside, exact midnights. */
const ranges: Array<Pick<RunListQuery, 'startDate' | 'endDate'>> = [
  {},
  { startDate: at('2026-03-02T00:00:00Z') },
  { endDate: at('2026-03-03T23:59:59.999Z') },
  { startDate: at('2026-03-01T00:00:00Z'), endDate: at('2026-03-05T23:59:59.999Z') },
  { startDate: at('2026-03-01T10:30:00Z'), endDate: at('2026-03-04T05:00:00Z') },
  { startDate: at('2026-03-02T23:59:59.999Z'), endDate: at('2026-03-04T00:00:00Z') },
  { startDate: at('2026-03-02T00:00:00.001Z'), endDate: at('2026-03-03T23:59:59.998Z') },
  { startDate: at('2026-03-03T08:00:00Z'), endDate: at('2026-03-03T16:00:00Z') },
  { startDate: at('2026-03-02T20:00:00Z'), endDate: at('2026-03-03T04:00:00Z') },
  { startDate: at('2026-03-04T00:00:00Z'), endDate: at('2026-03-04T00:00:00Z') },
  { startDate: at('2026-03-04T00:00:00Z'), endDate: at('2026-03-02T00:00:00Z') },
  { startDate: at('1999-01-01T00:00:00Z'), endDate: at('2030-01-01T00:00:00Z') },
];

describe('runs list totals from the per-day rollups', () => {
  let t: TestApp;
  let db: Db;
  let org: number;
  let other: number;
  let agents: [number, number];
  let campaigns: [number, number];

  const filterSets = (): Array<{ agentId?: number; filters: RunFilter[] }> => [
    { filters: [] },
    { filters: [{ attribute: 'dispositionCode', codes: ['completed'] }] },
    { filters: [{ attribute: 'dispositionCode', codes: ['completed', 'voicemail', 'nonexistent'] }] },
    { filters: [{ attribute: 'agentId', value: agents[0] }] },
    { agentId: agents[1], filters: [] },
    { agentId: agents[0], filters: [{ attribute: 'agentId', value: agents[1] }] },
    { filters: [{ attribute: 'campaignId', value: campaigns[0] }] },
    {
      filters: [
        { attribute: 'campaignId', value: campaigns[1] },
        { attribute: 'dispositionCode', codes: ['busy', 'completed'] },
      ],
    },
    { agentId: agents[0], filters: [{ attribute: 'dispositionCode', codes: ['interested'] }] },
    { filters: [{ attribute: 'duration', min: 60, max: 300 }] },
    { filters: [{ attribute: 'duration', min: 59.5, max: 300.5 }] },
    { filters: [{ attribute: 'duration', min: 0.25 }] },
    { filters: [{ attribute: 'duration', min: 600 }] },
    { filters: [{ attribute: 'duration', max: 0 }] },
    { filters: [{ attribute: 'duration', max: 59.75 }] },
    { filters: [{ attribute: 'duration', min: 1, max: 1 }] },
    { filters: [{ attribute: 'duration', min: 300, max: 60 }] },
    {
      filters: [
        { attribute: 'duration', min: 10 },
        { attribute: 'duration', min: 5, max: 3700 },
      ],
    },
    {
      filters: [
        { attribute: 'duration', min: 30 },
        { attribute: 'dispositionCode', codes: ['completed'] },
      ],
    },
    { filters: [{ attribute: 'calledNumber', value: '+1415' }] },
    { filters: [{ attribute: 'calledNumber', value: 'EXAMPLE.c' }] },
    { filters: [{ attribute: 'callerNumber', value: 'b%C_' }] },
    {
      agentId: agents[0],
      filters: [
        { attribute: 'calledNumber', value: '415' },
        { attribute: 'duration', min: 30 },
      ],
    },
    { filters: [{ attribute: 'runId', value: ids[7]! }] },
    {
      filters: [
        { attribute: 'callerNumber', value: '555' },
        { attribute: 'dispositionCode', codes: ['completed'] },
      ],
    },
  ];

  /** Exact with the writers' pending rows, and again once they are folded (the worker folds every few seconds). */
  async function expectAllTotalsExact(): Promise<void> {
    await expectTotalsExact();
    await compactRunTotals(db);
    await expectTotalsExact();
  }

  async function expectTotalsExact(): Promise<void> {
    const grains = new Set<string>();
    for (const filterSet of filterSets()) {
      for (const range of ranges) {
        const query: RunListQuery = { ...filterSet, ...range, page: 1, limit: 50 };
        grains.add(totalsGrain(query));
        const [actual, expected] = await Promise.all([
          runTotals(db, org, query),
          expectedTotals(db, org, query),
        ]);
        const label = JSON.stringify({ ...filterSet, ...range });
        expect(actual.totalCount, label).toBe(expected.totalCount);
        expect(actual.totalServiceTokens, label).toBeCloseTo(expected.totalServiceTokens, 6);
        expect(actual.totalDurationSeconds, label).toBeCloseTo(expected.totalDurationSeconds, 6);
      }
    }
    // Every path is exercised: each rollup grain, the narrow copy and runs alone.
    expect([...grains].sort()).toEqual(['disposition', 'duration', 'entries', 'runs', 'source']);
  }

  let seq = 0;
  async function run(
    organizationId: number,
    agentId: number,
    campaignId: number | null,
    createdAt: string,
    outcome: [string, number | null, number] | null,
  ): Promise<number> {
    seq += 1;
    const id = await createRun(db, {
      organization_id: organizationId,
      workflow_id: agentId,
      campaign_id: campaignId,
      name: `run-${seq}`,
      mode: 'simulator',
      call_type: 'outbound',
      initial_context: {
        caller_number: '+18005550100',
        called_number: `+1${seq % 2 === 0 ? '415' : '212'}555${String(1000 + seq).slice(-4)}`,
      },
    });
    await sql`update runs set created_at = ${createdAt}::timestamptz where id = ${id}`.execute(db);
    if (outcome) {
      const [disposition, seconds, tokens] = outcome;
      await completeRun(db, id, {
        ...finished(disposition, seconds ?? 0, tokens),
        call_duration_seconds: seconds,
      });
    }
    return id;
  }

  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.db;
    org = (await createTestOrganization(db)).organizationId;
    other = (await createTestOrganization(db)).organizationId;
    agents = [await insertAgent(db, org, 'Sales'), await insertAgent(db, org, 'Support')];
    campaigns = [await insertCampaign(db, org, agents[0]), await insertCampaign(db, org, agents[1])];
    const otherAgent = await insertAgent(db, other, 'Elsewhere');

    const outcomes: Array<[string, number | null, number] | null> = [
      ['completed', 60, 100],
      ['completed', 300, 250],
      ['busy', 0, 0],
      ['voicemail', 59.5, 20],
      ['interested', 600, 900],
      ['completed', 60.25, 75],
      ['no_answer', 0, 0],
      ['completed', 3600, 5000],
      ['completed', 4000.5, 5100],
      ['interested', 1, 5],
      ['completed', 299.75, 410],
      ['failed', null, 0],
      null,
      ['completed', 0.25, 2],
    ];
    const times = [
      '2026-02-28T23:59:59.999Z',
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T10:30:00.000Z',
      '2026-03-01T23:00:00.000Z',
      '2026-03-02T00:00:00.000Z',
      '2026-03-02T12:00:00.000Z',
      '2026-03-02T23:59:59.999Z',
      '2026-03-03T04:00:00.000Z',
      '2026-03-03T08:00:00.000Z',
      '2026-03-03T16:00:00.000Z',
      '2026-03-03T23:59:59.999Z',
      '2026-03-04T00:00:00.000Z',
      '2026-03-04T05:00:00.000Z',
      '2026-03-05T13:00:00.000Z',
      '2026-03-06T00:00:00.001Z',
    ];
    let i = 0;
    for (const time of times) {
      for (const [agentId, campaignId] of [
        [agents[0], campaigns[0]],
        [agents[0], null],
        [agents[1], campaigns[1]],
      ] as const) {
        ids.push(await run(org, agentId, campaignId, time, outcomes[i % outcomes.length]!));
        i += 1;
      }
    }
    // SIP addresses: letters in both cases, and LIKE wildcards taken literally.
    for (const [time, caller] of [
      ['2026-03-02T06:00:00.000Z', 'sip:Ab%c_D@example.com'],
      ['2026-03-03T06:00:00.000Z', 'sip:abxcyd@EXAMPLE.COM'],
    ] as const) {
      const id = await createRun(db, {
        organization_id: org,
        workflow_id: agents[1],
        name: 'sip-call',
        mode: 'simulator',
        call_type: 'inbound',
        initial_context: { caller_number: caller, called_number: 'sip:Front-Desk@Example.com' },
      });
      await sql`update runs set created_at = ${time}::timestamptz where id = ${id}`.execute(db);
      await completeRun(db, id, finished('completed', 90, 120));
    }
    // Another organization's runs on the same days must never count.
    for (const time of times.slice(0, 6)) await run(other, otherAgent, null, time, ['completed', 120, 300]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('match totals computed from the runs themselves for every filter and date range', async () => {
    await expectAllTotalsExact();
  });

  it('stay exact when outcomes are recorded later, runs are deleted, moved to another day or changed in bulk', async () => {
    // In-progress runs completed afterwards: disposition, duration and tokens change in place.
    const inProgress = await db
      .selectFrom('runs')
      .select('id')
      .where('organization_id', '=', org)
      .where('is_completed', '=', false)
      .orderBy('id')
      .execute();
    // The 13th outcome of the cycle of 14 is "still in progress": runs 12, 26 and 40 of the 45.
    expect(inProgress.map((r) => r.id)).toEqual([ids[12], ids[26], ids[40]]);
    for (const { id } of inProgress) {
      expect(await completeRun(db, id, finished('callback_requested', 42.5, 77))).toBe(true);
    }
    // An outcome corrected later (another disposition, duration and tokens).
    await db
      .updateTable('runs')
      .set({ disposition: 'interested', call_duration_seconds: 61, service_token_usage: 333 })
      .where('id', '=', ids[0]!)
      .execute();
    // Deleted runs, one of them alone and several in one statement.
    await db.deleteFrom('runs').where('id', '=', ids[1]!).execute();
    await db.deleteFrom('runs').where('id', 'in', [ids[5]!, ids[9]!, ids[20]!]).execute();
    // A run moved to another day, one to another agent and campaign, one whose duration becomes unknown.
    await sql`update runs set created_at = '2026-03-05T01:00:00Z' where id = ${ids[2]!}`.execute(db);
    await db
      .updateTable('runs')
      .set({ workflow_id: agents[1], campaign_id: campaigns[1] })
      .where('id', '=', ids[3]!)
      .execute();
    await db.updateTable('runs').set({ call_duration_seconds: null }).where('id', '=', ids[4]!).execute();
    // One statement changing many runs at once, and one changing only columns the totals ignore.
    await sql`update runs set service_token_usage = service_token_usage + 1, created_at = created_at + interval '6 hours'
      where organization_id = ${org} and id % 3 = 0`.execute(db);
    await sql`update runs set logs = '{"note": "reviewed"}' where organization_id = ${org}`.execute(db);
    await expectAllTotalsExact();
  });

  it('stay exact under concurrent writers on the same rollup rows', async () => {
    const day = '2026-03-04T09:00:00.000Z';
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, k) => run(org, agents[k % 2]!, campaigns[k % 2]!, day, null)),
    );
    await Promise.all(
      created.map((id, k) =>
        k % 4 === 3
          ? db.deleteFrom('runs').where('id', '=', id).execute()
          : completeRun(db, id, finished(k % 2 === 0 ? 'completed' : 'busy', 30 + k, 10 * k)),
      ),
    );
    await expectAllTotalsExact();
  });

  it('keep the narrow copy of the filterable columns equal to the runs', async () => {
    const columns = sql.raw(`id, organization_id, workflow_id, campaign_id, created_at, disposition,
      call_duration_seconds, service_token_usage`);
    // Only this file's organizations: other test files write runs into the same database meanwhile.
    const { rows } = await sql<{ mismatches: number; copied: number }>`
      with copied as (select ${columns}, lower(caller_number) as caller, lower(called_number) as called from runs
        where organization_id in (${org}, ${other})),
      entries as (select ${columns}, caller_number_lower as caller, called_number_lower as called from run_list_entries
        where organization_id in (${org}, ${other}))
      select (select count(*)::int from (
        (select * from copied except all select * from entries)
        union all (select * from entries except all select * from copied)
      ) differences) as mismatches, (select count(*)::int from copied) as copied`.execute(db);
    expect(rows[0]?.mismatches).toBe(0);
    // Not vacuous: the comparison covered this file's runs (45 + 2 + 6 written, at most 4 deleted since).
    expect(rows[0]?.copied).toBeGreaterThanOrEqual(49);
  });

  it('keep the rollups equal to the runs they summarise, before and after folding', async () => {
    const mismatches = async () => {
      const { rows } = await sql<{ mismatches: number }>`
        with expected as (
          select organization_id, (created_at at time zone 'UTC')::date as day, disposition,
            count(*) as run_count, sum(service_token_usage) as token_total,
            coalesce(sum(call_duration_seconds), 0) as duration_total
          from runs where organization_id in (${org}, ${other}) group by 1, 2, 3
        ), actual as (
          select organization_id, day, disposition, sum(run_count) as run_count, sum(token_total) as token_total,
            sum(duration_total) as duration_total
          from run_daily_totals where organization_id in (${org}, ${other})
          group by 1, 2, 3 having sum(run_count) <> 0
        )
        select count(*)::int as mismatches from (
          (select * from expected except all select * from actual)
          union all (select * from actual except all select * from expected)
        ) differences`.execute(db);
      return rows[0]?.mismatches;
    };
    // Pending rows from a fresh write, then folded: one row per key, none pending.
    await run(org, agents[0], campaigns[0], '2026-03-04T10:00:00.000Z', ['completed', 12, 3]);
    expect(await mismatches()).toBe(0);
    await compactRunTotals(db);
    expect(await mismatches()).toBe(0);
    const keys = {
      run_daily_totals: 'organization_id, day, disposition',
      run_daily_source_totals: 'organization_id, day, workflow_id, campaign_id, disposition',
      run_daily_duration_totals: 'organization_id, day, duration_bucket',
    };
    for (const [table, key] of Object.entries(keys)) {
      const { rows } = await sql<{ pending: number; duplicated: number }>`
        select count(*) filter (where pending)::int as pending,
          (count(*) - count(distinct (${sql.raw(key)})))::int as duplicated
        from ${sql.table(table)} where organization_id in (${org}, ${other})`.execute(db);
      expect(rows[0], table).toEqual({ pending: 0, duplicated: 0 });
    }
  });

  it('stay exact while writers append during a fold', async () => {
    const writers = Array.from({ length: 20 }, async (_, k) => {
      const id = await run(org, agents[k % 2]!, campaigns[k % 2]!, '2026-03-03T12:00:00.000Z', null);
      await completeRun(db, id, finished(k % 3 === 0 ? 'completed' : 'no_answer', 5 + k, k));
    });
    const folds = Array.from({ length: 5 }, () => compactRunTotals(db));
    await Promise.all([...writers, ...folds]);
    await expectAllTotalsExact();
  });
});
