import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { RunFilter, RunListQuery } from '../../db/repositories/runs';

/** The measured cases: the largest organization's runs list with each filter alone and with a 30-day range. */
export interface BenchCase {
  name: string;
  query: RunListQuery;
}

/** Filter values taken from the seeded data, so each filter matches what a user would look for. */
async function sampleValues(db: Db, organizationId: number) {
  const { rows } = await sql<{ id: number; caller: string; called: string }>`
    select id, caller_number as caller,
      (select called_number from runs where organization_id = ${organizationId} and call_type = 'outbound'
       order by id desc offset 1000 limit 1) as called
    from runs where organization_id = ${organizationId} and call_type = 'inbound'
    order by id offset 5000 limit 1`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the benchmark database has no runs for the largest organization');
  return row;
}

export async function benchCases(db: Db, organizationId: number): Promise<BenchCase[]> {
  const sample = await sampleValues(db, organizationId);
  const firstAgent = (organizationId - 1) * 12;
  const firstCampaign = (organizationId - 1) * 40;
  const filters: Array<[string, RunFilter[]]> = [
    ['no filter', []],
    ['runId', [{ attribute: 'runId', value: sample.id }]],
    ['workflowId (outbound agent, ~8%)', [{ attribute: 'agentId', value: firstAgent + 5 }]],
    ['campaignId (~2%)', [{ attribute: 'campaignId', value: firstCampaign + 7 }]],
    ['callerNumber (6 digits of a contact)', [{ attribute: 'callerNumber', value: sample.caller.slice(-6) }]],
    ['calledNumber (6 digits of a contact)', [{ attribute: 'calledNumber', value: sample.called.slice(-6) }]],
    ['calledNumber (area code "+1415", ~4%)', [{ attribute: 'calledNumber', value: '+1415' }]],
    ['dispositionCode [completed] (~42%)', [{ attribute: 'dispositionCode', codes: ['completed'] }]],
    [
      'dispositionCode [interested, callback_requested] (~7%)',
      [{ attribute: 'dispositionCode', codes: ['interested', 'callback_requested'] }],
    ],
    ['duration 60..300 s', [{ attribute: 'duration', min: 60, max: 300 }]],
    ['duration >= 600 s', [{ attribute: 'duration', min: 600 }]],
  ];
  const now = Date.now();
  const range = { startDate: new Date(now - 30 * 86_400_000), endDate: new Date(now) };
  const cases: BenchCase[] = [];
  for (const [name, list] of filters) {
    cases.push({ name, query: { filters: list, page: 1, limit: 50 } });
    cases.push({ name: `${name} + last 30 days`, query: { filters: list, page: 1, limit: 50, ...range } });
  }
  cases.push({ name: 'no filter, page 100', query: { filters: [], page: 100, limit: 50 } });
  return cases;
}
