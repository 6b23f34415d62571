# shellcheck shell=bash disable=SC2034  # PG_URL/PG_PORT are read by .ci/run
# Helpers for a throwaway PostgreSQL server, loopback only. Sourced by .ci/run.
#
#   pg_start     initdb into a fresh temp dir owned by `postgres`, start the server on a
#                free 127.0.0.1 port, wait for pg_isready. Sets PG_PORT and PG_URL.
#   pg_teardown  stop the server (if running) and delete the temp dir. Idempotent, never fails.

PG_BIN=""
PG_TMP=""
PG_PORT=""
PG_URL=""

pg_find_bin() {
  local candidate
  # Newest installed major version wins.
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4,4 -n -r); do
    if [ -x "$candidate/postgres" ] && [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then
      PG_BIN="$candidate"
      return 0
    fi
  done
  return 1
}

# Run a command as the postgres OS user, from a directory it can read.
pg_as_postgres() {
  (cd / && runuser -u postgres -- "$@")
}

pg_port_in_use() {
  # A successful TCP connect means something is listening already.
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

pg_pick_port() {
  local port
  for port in $(seq 54329 54399); do
    if ! pg_port_in_use "$port"; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

pg_start() {
  pg_find_bin || { echo "ERROR: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin" >&2; return 1; }
  id postgres >/dev/null 2>&1 || { echo "ERROR: OS user 'postgres' does not exist" >&2; return 1; }

  PG_TMP="$(mktemp -d /tmp/beatcrate-ci-pg.XXXXXX)"
  chown postgres:postgres "$PG_TMP"
  chmod 700 "$PG_TMP"

  PG_PORT="$(pg_pick_port)" || { echo "ERROR: no free port in 54329-54399" >&2; return 1; }
  echo "PostgreSQL: $PG_BIN, data dir $PG_TMP/data, port $PG_PORT"

  pg_as_postgres "$PG_BIN/initdb" -D "$PG_TMP/data" -U postgres --auth=trust \
    --encoding=UTF8 --no-locale >"$PG_TMP/initdb.log" 2>&1 \
    || { echo "ERROR: initdb failed:" >&2; cat "$PG_TMP/initdb.log" >&2; return 1; }

  # Loopback only, trust auth only for the unix socket and 127.0.0.1.
  cat >"$PG_TMP/data/pg_hba.conf" <<'EOF'
# TYPE  DATABASE  USER  ADDRESS        METHOD
local   all       all                  trust
host    all       all   127.0.0.1/32   trust
EOF
  cat >>"$PG_TMP/data/postgresql.conf" <<EOF

# --- beatcrate CI overrides ---
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_TMP'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  chown postgres:postgres "$PG_TMP/data/pg_hba.conf" "$PG_TMP/data/postgresql.conf"

  if ! pg_as_postgres "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 start >/dev/null; then
    echo "ERROR: pg_ctl start failed; server log:" >&2
    cat "$PG_TMP/server.log" >&2 || true
    return 1
  fi

  for _ in $(seq 1 60); do
    if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres; then
      PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
      "$PG_BIN/pg_isready" -h 127.0.0.1 -p "$PG_PORT" -U postgres
      return 0
    fi
    sleep 1
  done
  echo "ERROR: PostgreSQL did not become ready within 60s; server log:" >&2
  cat "$PG_TMP/server.log" >&2 || true
  return 1
}

pg_teardown() {
  [ -n "$PG_TMP" ] || return 0
  if [ -n "$PG_BIN" ] && [ -f "$PG_TMP/data/postmaster.pid" ]; then
    echo "Stopping PostgreSQL (port $PG_PORT)..."
    pg_as_postgres "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || pg_as_postgres "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate -w -t 30 stop >/dev/null 2>&1 \
      || true
    # Last resort: kill the postmaster by its recorded pid (only ours, from our own data dir).
    if [ -f "$PG_TMP/data/postmaster.pid" ]; then
      local pid
      pid="$(head -n1 "$PG_TMP/data/postmaster.pid" 2>/dev/null || true)"
      if [ -n "$pid" ]; then kill -9 "$pid" 2>/dev/null || true; fi
    fi
  fi
  rm -rf "$PG_TMP" || true
  echo "Removed $PG_TMP"
  PG_TMP=""
}
