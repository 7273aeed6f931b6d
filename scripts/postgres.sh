#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the tests: Debian's `postgresql` binaries, a cluster in a
# temporary directory, listening on a free port of 127.0.0.1 only, run as an unprivileged user
# (PostgreSQL refuses to run as root: as root, the system user `tabula-pg` is made for it).
#
# Usage: scripts/postgres.sh start DIR   starts a cluster in DIR (empty or missing) and prints
#                                        its URL, postgres://tabula@127.0.0.1:PORT/postgres
#        scripts/postgres.sh stop DIR    stops it and removes DIR
#
# The cluster trades durability for speed (fsync off): it lives for one test run, and no test
# crashes PostgreSQL itself (the tests kill Tabula's nodes, never the database). With
# TABULA_PG_DURABLE=1 it keeps PostgreSQL's defaults (fsync and full-page writes on), for
# measurements of what a real site pays (scripts/capacity-inputs.sh).
set -euo pipefail

bin=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do bin="$d"; done
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL is not installed: apt-get install postgresql" >&2
  exit 1
fi

as_owner() { # runs a command as the cluster's owner
  if [ "$(id -u)" = 0 ]; then
    runuser -u tabula-pg -- "$@"
  else
    "$@"
  fi
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

case "${1:-}" in
  start)
    dir="${2:?usage: scripts/postgres.sh start DIR}"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
      id tabula-pg >/dev/null 2>&1 ||
        useradd --system --no-create-home --shell /usr/sbin/nologin tabula-pg
      chown tabula-pg "$dir"
    fi
    as_owner "$bin/initdb" -D "$dir/data" -U tabula -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    durability="-c fsync=off -c full_page_writes=off"
    if [ "${TABULA_PG_DURABLE:-}" = 1 ]; then durability=""; fi
    for _ in $(seq 1 50); do
      port=$((20000 + RANDOM % 20000))
      port_free "$port" || continue
      if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o \
        "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 $durability -c synchronous_commit=on" \
        >/dev/null 2>&1; then
        echo "postgres://tabula@127.0.0.1:$port/postgres"
        exit 0
      fi
    done
    echo "PostgreSQL did not start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
    ;;
  stop)
    dir="${2:?usage: scripts/postgres.sh stop DIR}"
    if [ -d "$dir/data" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
