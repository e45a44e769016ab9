import { sql, type Kysely } from 'kysely';

/**
 * Indexes behind the runs list: newest-first pages per organization, agent and campaign; the disposition
 * and duration filters; trigram indexes for number substrings. The INCLUDEd sums let the totals of a
 * filtered list come from index-only scans instead of the wide heap rows.
 */
const indexes: Array<[string, string]> = [
  [
    'runs_org_created_idx',
    `on runs (organization_id, created_at desc, id desc) include (service_token_usage, call_duration_seconds)`,
  ],
  [
    'runs_org_workflow_created_idx',
    `on runs (organization_id, workflow_id, created_at desc, id desc) include (service_token_usage, call_duration_seconds)`,
  ],
  [
    'runs_org_campaign_created_idx',
    `on runs (organization_id, campaign_id, created_at desc, id desc) include (service_token_usage, call_duration_seconds)
     where campaign_id is not null`,
  ],
  [
    'runs_org_disposition_idx',
    `on runs (organization_id, disposition, created_at desc) include (service_token_usage, call_duration_seconds)`,
  ],
  [
    'runs_org_duration_idx',
    `on runs (organization_id, call_duration_seconds) include (service_token_usage, created_at, id)`,
  ],
  ['runs_caller_number_trgm_idx', `on runs using gin (caller_number gin_trgm_ops)`],
  ['runs_called_number_trgm_idx', `on runs using gin (called_number gin_trgm_ops)`],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [name, definition] of indexes) {
    await sql.raw(`create index ${name} ${definition}`).execute(db);
  }
  // Durations have a long tail; the default histogram misjudges narrow tail ranges and picks a slow plan.
  await sql`alter table runs alter column call_duration_seconds set statistics 1000`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table runs alter column call_duration_seconds set statistics -1`.execute(db);
  for (const [name] of indexes) await sql.raw(`drop index if exists ${name}`).execute(db);
}
