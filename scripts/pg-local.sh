#!/usr/bin/env bash
# A throwaway PostgreSQL on loopback for the test suite and the benchmarks.
#   scripts/pg-local.sh start   -> prints the connection URL
#   scripts/pg-local.sh stop
# Finds initdb/pg_ctl on PATH or in Debian's /usr/lib/postgresql/<v>/bin; runs
# them as the postgres OS user when invoked as root (initdb refuses root).
set -euo pipefail

cmd=${1:-start}
port=${PG_LOCAL_PORT:-54329}
dir=${PG_LOCAL_DIR:-/tmp/campus-console-pg-$port}

find_bin() {
  command -v "$1" 2>/dev/null && return
  ls /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -n 1
}
INITDB=$(find_bin initdb)
PG_CTL=$(find_bin pg_ctl)
if [ -z "$INITDB" ] || [ -z "$PG_CTL" ]; then
  echo "PostgreSQL server binaries not found: apt-get install -y postgresql" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

case "$cmd" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      rm -rf "$dir"
      mkdir -p "$dir"
      [ "$(id -u)" = 0 ] && chown postgres "$dir"
      as_owner "$INITDB" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_owner "$PG_CTL" -D "$dir" status >/dev/null 2>&1; then
      as_owner "$PG_CTL" -D "$dir" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$PG_CTL" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
    ;;
  destroy)
    as_owner "$PG_CTL" -D "$dir" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop|destroy" >&2
    exit 2
    ;;
esac
