import { sql, type Kysely } from 'kysely';

/**
 * Login and signup throttling, shared by every API process. `auth_attempts` holds one row per counted attempt
 * (a failed login, a signup, or a login whose password is being checked) in a bucket such as an account or a
 * client address; a row stops counting at `expires_at` and is pruned later. `login_known_addresses` remembers
 * the addresses an account logged in from, so strangers failing elsewhere cannot keep its owner out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table auth_attempts (
    id bigint generated always as identity primary key,
    bucket text not null,
    key text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index auth_attempts_bucket_key_idx on auth_attempts (bucket, key, expires_at)`.execute(db);
  await sql`create index auth_attempts_expires_at_idx on auth_attempts (expires_at)`.execute(db);

  await sql`create table login_known_addresses (
    user_id bigint not null references users (id) on delete cascade,
    address text not null,
    last_login_at timestamptz not null default now(),
    primary key (user_id, address)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table login_known_addresses`.execute(db);
  await sql`drop table auth_attempts`.execute(db);
}
