import { sql, type Kysely } from 'kysely';

/**
 * A contact's hold, whatever holds it: `contacts.held_until` (was `legal_hours_until`) is the `next_attempt_at` a hold
 * set, and `held_for` says what holds it: `legal_hours`, `schedule` (its own window, per-contact zones) or
 * `frequency_cap` (a cap, or its number in another call). The contact waits for that reason while its
 * `next_attempt_at` still equals `held_until`; a change of what held it (the calling rules, the campaign's schedule)
 * releases the contacts it held, to be judged again at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table contacts rename column legal_hours_until to held_until`.execute(db);
  await db.schema.alterTable('contacts').addColumn('held_for', 'text').execute();
  await sql`update contacts set held_for = 'legal_hours' where held_until is not null`.execute(db);
  await sql`alter table contacts add constraint contacts_held_for_known
    check (held_for in ('legal_hours', 'schedule', 'frequency_cap'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update contacts set held_until = null where held_for <> 'legal_hours'`.execute(db);
  await sql`alter table contacts drop constraint contacts_held_for_known`.execute(db);
  await db.schema.alterTable('contacts').dropColumn('held_for').execute();
  await sql`alter table contacts rename column held_until to legal_hours_until`.execute(db);
}
