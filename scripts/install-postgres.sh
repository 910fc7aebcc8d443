#!/usr/bin/env bash
# Installs and starts PostgreSQL from Debian's packages for the test suites, where none listens
# on 127.0.0.1:5432. Loopback connections to it are trusted; a database "test" is created.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
hba="/etc/postgresql/${version}/main/pg_hba.conf"
if ! grep -q 'smartlock-test' "$hba"; then
  sed -i '1i host all all 127.0.0.1/32 trust # smartlock-test' "$hba"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || pg_ctlcluster --skip-systemctl-redirect "$version" main reload
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
su postgres -c "psql -qtAc \"select 1 from pg_database where datname = 'test'\" | grep -q 1 || createdb test"
