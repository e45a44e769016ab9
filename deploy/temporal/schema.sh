#!/bin/sh
# The temporal-schema job (temporalio/admin-tools): creates Temporal's databases and brings their schemas to the
# image's version, as Temporal's own PostgreSQL setup does (temporalio/samples-server, compose/scripts). Runs as
# Temporal's database role; idempotent, so it runs on every `docker compose up` and after an image upgrade.
set -eu
: "${POSTGRES_SEEDS:?POSTGRES_SEEDS is required}"
: "${POSTGRES_USER:?POSTGRES_USER is required}"
: "${SQL_PASSWORD:?SQL_PASSWORD is required}"
PORT="${DB_PORT:-5432}"
SCHEMA_ROOT=/etc/temporal/schema/postgresql/v12

until nc -z -w 5 "$POSTGRES_SEEDS" "$PORT"; do echo "waiting for PostgreSQL"; sleep 2; done

sql_tool() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$PORT" -u "$POSTGRES_USER" "$@"
}

for pair in "${DBNAME:-temporal}:temporal" "${VISIBILITY_DBNAME:-temporal_visibility}:visibility"; do
  db="${pair%%:*}"
  schema="${pair##*:}"
  # `create` fails when the database exists (every run after the first); setup-schema then fails if it is missing.
  sql_tool --db "$db" create || echo "database $db exists"
  sql_tool --db "$db" setup-schema -v 0.0
  sql_tool --db "$db" update-schema -d "$SCHEMA_ROOT/$schema/versioned"
done
echo "Temporal schemas are up to date"
