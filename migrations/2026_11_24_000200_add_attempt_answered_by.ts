import { sql, type Kysely } from 'kysely';

/**
 * What answered an attempt's call, as the vendor's asynchronous answering-machine detection reported it (Twilio's
 * `AnsweredBy`: `human`, `machine_start`, `machine_end_beep`, `machine_end_silence`, `machine_end_other`, `fax`,
 * `unknown`). Null until a report arrives, and for calls placed without detection.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table attempts add column answered_by text null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table attempts drop column answered_by`.execute(db);
}
