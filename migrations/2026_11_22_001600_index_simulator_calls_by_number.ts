import { sql, type Kysely } from 'kysely';

/**
 * The simulator counts the earlier calls to a number through a configuration before each call (its scripts play
 * their sequence over them): without this index each count read every call of the configuration, so a campaign's
 * calls cost more the more it had placed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index simulator_calls_number_idx on simulator_calls (telephony_configuration_id, to_number)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index simulator_calls_number_idx`.execute(db);
}
