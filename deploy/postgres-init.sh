#!/bin/sh
# The UNO service's database and its two roles. The postgres container runs this once, on
# its first start with an empty data volume (docker-compose.yml mounts it into
# /docker-entrypoint-initdb.d), as the bootstrap superuser POSTGRES_USER:
#
#   UNO_DB_OWNER          owns the database and every table; the one-shot `migrate`
#                         service connects as it. An ordinary role, not a superuser.
#   UNO_DB_SERVICE_ROLE   web, worker and beat connect as it. It owns nothing; each
#                         `migrate` grants it what the service needs, and on the event
#                         log only INSERT and SELECT (games/log/storage_guard.py).
#   UNO_DB_NAME           the database, owned by UNO_DB_OWNER.
#
# Passwords: UNO_DB_OWNER_PASSWORD, UNO_DB_SERVICE_PASSWORD. Safe to run again (for a
# volume made before the roles existed, see docs/operating.md): it creates what is
# missing and sets the passwords; it never makes a role more powerful.
set -eu

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v owner="${UNO_DB_OWNER:-uno}" \
  -v owner_password="${UNO_DB_OWNER_PASSWORD:?set UNO_DB_OWNER_PASSWORD}" \
  -v service="${UNO_DB_SERVICE_ROLE:-uno_service}" \
  -v service_password="${UNO_DB_SERVICE_PASSWORD:?set UNO_DB_SERVICE_PASSWORD}" \
  -v database="${UNO_DB_NAME:-uno}" <<'SQL'
SELECT format('CREATE ROLE %I', :'owner')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'owner') \gexec
ALTER ROLE :"owner" WITH LOGIN PASSWORD :'owner_password';

SELECT format('CREATE ROLE %I NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS', :'service')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'service') \gexec
ALTER ROLE :"service" WITH LOGIN PASSWORD :'service_password';

SELECT format('CREATE DATABASE %I OWNER %I', :'database', :'owner')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'database') \gexec
-- Only the two roles (and superusers) may connect.
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"database" TO :"owner", :"service";

\connect :"database"
-- Nobody but the database's owner creates objects in it (PostgreSQL 15's default, said
-- here for clusters that started older).
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
