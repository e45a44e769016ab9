import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/database';
import { migrateBeforeRunIndexes, migrateRest } from './database';

/**
 * Seeds a fresh benchmark database: five organizations of very different sizes (40/25/15/12/8 % of the runs),
 * 12 agents and 40 campaigns each, runs spread over the last 90 days with ids rising with time. Ids are
 * explicit so the cases can name them: organization o has agents (o-1)*12+1..+12 (the first two inbound)
 * and campaigns (o-1)*40+1..+40.
 */
export const ORGANIZATIONS = 5;
const AGENTS_PER_ORG = 12;
const CAMPAIGNS_PER_ORG = 40;
const BATCH = 250_000;

/**
 * A migrated database holding `total` seeded runs: the runs are loaded before the run indexes, the per-day rollups and
 * the narrow copy are built over them, then vacuumed.
 */
export async function seedRunsDatabase(db: Db, total: number, log: (line: string) => void): Promise<void> {
  let started = Date.now();
  await migrateBeforeRunIndexes(db);
  await seedRuns(db, total, log);
  log(`seeded ${total} runs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  await migrateRest(db);
  await sql`vacuum (analyze) runs, run_list_entries, run_daily_totals, run_daily_source_totals,
    run_daily_duration_totals`.execute(db);
  log(
    `run indexes, rollups and copies built and vacuumed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

export async function seedRuns(db: Db, total: number, log: (line: string) => void): Promise<void> {
  await sql`insert into organizations (id, name) select o, 'bench-org-' || o from generate_series(1, ${sql.lit(ORGANIZATIONS)}) o`.execute(
    db,
  );
  await sql`insert into agents (id, organization_id, name, call_type)
    select (o - 1) * ${sql.lit(AGENTS_PER_ORG)} + k, o, 'Agent ' || o || '-' || k, case when k <= 2 then 'inbound' else 'outbound' end
    from generate_series(1, ${sql.lit(ORGANIZATIONS)}) o, generate_series(1, ${sql.lit(AGENTS_PER_ORG)}) k`.execute(
    db,
  );
  await sql`insert into campaigns (id, organization_id, workflow_id, name, state, source_type, source_id,
      retry_config, max_concurrency, schedule_config, circuit_breaker)
    select (o - 1) * ${sql.lit(CAMPAIGNS_PER_ORG)} + k, o, (o - 1) * ${sql.lit(AGENTS_PER_ORG)} + 3 + (k % 10), 'Campaign ' || k, 'completed',
      'csv', 'campaigns/' || o || '/bench.csv', '{}', 10, '{}', '{}'
    from generate_series(1, ${sql.lit(ORGANIZATIONS)}) o, generate_series(1, ${sql.lit(CAMPAIGNS_PER_ORG)}) k`.execute(
    db,
  );
  for (const table of ['organizations', 'agents', 'campaigns']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      db,
    );
  }
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    const started = Date.now();
    // The rows are consistent by construction: skip the per-row foreign-key triggers during the bulk load.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await insertRunBatch(trx, from, to, total);
    });
    log(`runs ${from}..${to} in ${Date.now() - started} ms`);
  }
}

async function insertRunBatch(db: Kysely<Database>, from: number, to: number, total: number): Promise<void> {
  await sql`
    with s1 as (
      select g,
        case when ro < 0.40 then 1 when ro < 0.65 then 2 when ro < 0.80 then 3 when ro < 0.92 then 4 else 5 end as org,
        rt < 0.15 as inbound, ra, rc, rd, rdur, rn, rj
      from (select g, random() ro, random() rt, random() ra, random() rc, random() rd, random() rdur,
              random() rn, random() rj from generate_series(${sql.lit(from)}, ${sql.lit(to)}) g) r
    ), s2 as (
      select g, org, inbound, rj,
        case when inbound then (org - 1) * ${sql.lit(AGENTS_PER_ORG)} + 1 + floor(ra * 2)::int
             else (org - 1) * ${sql.lit(AGENTS_PER_ORG)} + 3 + (floor(rc * 40)::int % 10) end as workflow_id,
        case when inbound or rj < 0.1 then null else (org - 1) * ${sql.lit(CAMPAIGNS_PER_ORG)} + 1 + floor(rc * 40)::int end as campaign_id,
        '+1' || (array['212','310','415','512','617','646','702','713','305','404','503','206','312','720','808',
                       '919','858','971','469','347'])[1 + floor(rn * 20)::int]
             || lpad(floor(random() * 10000000)::int::text, 7, '0') as contact,
        '+1800555' || lpad(((org - 1) * 10 + floor(rj * 5)::int)::text, 4, '0') as org_number,
        case when rd < 0.42 then 'completed' when rd < 0.57 then 'voicemail' when rd < 0.75 then 'no_answer'
             when rd < 0.83 then 'busy' when rd < 0.88 then 'failed' when rd < 0.93 then 'interested'
             when rd < 0.96 then 'not_interested' when rd < 0.98 then 'callback_requested' else 'error' end as disposition,
        rdur
      from s1
    ), s3 as (
      select *,
        case when disposition in ('completed', 'interested', 'not_interested', 'callback_requested')
               then round((5 + -ln(1 - rdur) * 90)::numeric, 1)
             when disposition = 'voicemail' then round((15 + rdur * 25)::numeric, 1) else 0 end as duration,
        now() - interval '90 days' + (g::float8 / ${sql.lit(total)}) * interval '90 days' + (rj - 0.5) * interval '60 seconds' as created
      from s2
    ), s4 as (
      select *, round(duration * 14) as tokens, round(duration / 60 * 0.07, 4) as charge,
        case when inbound then contact else org_number end as caller,
        case when inbound then org_number else contact end as called
      from s3
    )
    insert into runs (organization_id, workflow_id, campaign_id, name, mode, call_type, caller_number, called_number,
      disposition, call_duration_seconds, service_token_usage, charge_usd, is_completed, initial_context,
      gathered_context, usage_info, cost_info, created_at, updated_at, completed_at)
    select org, workflow_id, campaign_id,
      case when campaign_id is not null then 'campaign-' || campaign_id || '-contact-' || g || '-attempt-1'
           when inbound then 'inbound-' || g else 'call-' || g end,
      'simulator', case when inbound then 'inbound' else 'outbound' end, caller, called, disposition, duration,
      tokens, charge, true,
      jsonb_build_object('caller_number', caller, 'called_number', called, 'campaign_id', campaign_id,
                         'first_name', 'Contact ' || g, 'attempt', 1),
      jsonb_build_object('mapped_call_disposition', disposition, 'summary', 'Benchmark call ' || g),
      jsonb_build_object('call_duration_seconds', duration, 'stt_seconds', duration, 'tts_characters', (duration * 12)::int,
                         'llm', jsonb_build_object('prompt_tokens', round(tokens * 0.8), 'completion_tokens', round(tokens * 0.2))),
      jsonb_build_object('service_token_usage', tokens, 'charge_usd', charge, 'call_duration_seconds', duration),
      created, created, created + duration * interval '1 second'
    from s4`.execute(db);
}
