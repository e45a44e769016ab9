import { sql, type Kysely } from 'kysely';

/**
 * Simulated calls that talk with the agent: `converses` marks a call a person will answer in a deployment with an
 * LLM (it ends when the conversation does), `time_limit_seconds` is the placement's max call duration, the latest
 * such a call ends even if the process playing it dies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('simulator_calls')
    .addColumn('time_limit_seconds', 'numeric')
    .addColumn('converses', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`create index simulator_calls_to_answer_idx on simulator_calls (ends_at)
    where ended_at is null and converses and status = 'queued'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('simulator_calls')
    .dropColumn('time_limit_seconds')
    .dropColumn('converses')
    .execute();
}
