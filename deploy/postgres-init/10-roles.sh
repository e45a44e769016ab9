#!/bin/sh
# Runs once, when the postgres service starts on an empty volume (docker-entrypoint-initdb.d), as the superuser.
# Creates the app's role and database (the app owns its schema but is no superuser) and Temporal's role, which
# creates and migrates its own two databases in the temporal-schema job. Safe to run again by hand on an existing
# volume (docs/operations.md, Production deployment): roles and databases that exist are kept, passwords are set.
set -eu
: "${APP_DB_PASSWORD:?APP_DB_PASSWORD is required}"
: "${TEMPORAL_DB_PASSWORD:?TEMPORAL_DB_PASSWORD is required}"
APP_DB_USER="${APP_DB_USER:-vac}"
APP_DB_NAME="${APP_DB_NAME:-voice_agent_calling}"
TEMPORAL_DB_USER="${TEMPORAL_DB_USER:-temporal}"

psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v app_user="$APP_DB_USER" -v app_password="$APP_DB_PASSWORD" -v app_db="$APP_DB_NAME" \
  -v temporal_user="$TEMPORAL_DB_USER" -v temporal_password="$TEMPORAL_DB_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'app_user')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_user') \gexec
ALTER ROLE :"app_user" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'app_password';

SELECT format('CREATE DATABASE %I OWNER %I', :'app_db', :'app_user')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'app_db') \gexec
ALTER DATABASE :"app_db" OWNER TO :"app_user";
REVOKE ALL ON DATABASE :"app_db" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"app_db" TO :"app_user";

-- Temporal's role may create databases (temporal-sql-tool create) but nothing else.
SELECT format('CREATE ROLE %I LOGIN', :'temporal_user')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'temporal_user') \gexec
ALTER ROLE :"temporal_user" WITH LOGIN NOSUPERUSER CREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'temporal_password';
SQL

# PostgreSQL 15+: the public schema belongs to the database owner, so the app's migrations can create tables there.
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname "$APP_DB_NAME" -v app_user="$APP_DB_USER" <<'SQL'
ALTER SCHEMA public OWNER TO :"app_user";
SQL
