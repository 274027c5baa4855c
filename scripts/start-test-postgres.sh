#!/usr/bin/env bash
# Starts Debian's PostgreSQL on loopback and prints a TEST_DATABASE_URL for a role that may
# create the throwaway databases of the API tests (and the Sentinel role of migration 0016).
set -euo pipefail
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h 2>/dev/null | grep -q "^$ver main"; then
  pg_createcluster "$ver" main >&2
fi
pg_ctlcluster "$ver" main start >&2 2>/dev/null || true
port=$(pg_lsclusters -h | awk -v v="$ver" '$1==v && $2=="main" {print $3}')
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -p $port" && break
  sleep 0.5
done
su postgres -c "psql -q -p $port -v ON_ERROR_STOP=1" >/dev/null <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'encore_test') THEN
    CREATE ROLE encore_test LOGIN CREATEDB CREATEROLE PASSWORD 'encore_test';
  ELSE
    -- Migration 0016 creates the role encore_sentinel (Sentinel's reader) when it is missing.
    ALTER ROLE encore_test CREATEROLE;
  END IF;
END \$\$;
SELECT 'CREATE DATABASE encore_test OWNER encore_test' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'encore_test')\gexec
SQL
echo "postgres://encore_test:encore_test@127.0.0.1:$port/encore_test"
