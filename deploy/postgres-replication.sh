#!/bin/sh
# For docker-compose.scale.yml: a role that may stream the WAL to the replica, and the
# line of pg_hba.conf that lets it connect for replication from compose's network. The
# postgres container runs this once, on its first start with an empty data volume, after
# 10-uno-roles.sh (an existing volume: run the same statements by hand, docs/scaling.md).
set -eu

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v password="${UNO_DB_REPLICATION_PASSWORD:?set UNO_DB_REPLICATION_PASSWORD}" <<'SQL'
SELECT 'CREATE ROLE replicator WITH REPLICATION LOGIN'
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'replicator') \gexec
ALTER ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SQL

grep -q '^host replication replicator ' "$PGDATA/pg_hba.conf" ||
  echo 'host replication replicator all scram-sha-256' >>"$PGDATA/pg_hba.conf"
