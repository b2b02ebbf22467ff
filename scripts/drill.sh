#!/usr/bin/env bash
# `npm run drill`: the many-instances drill (scripts/drill.ts) behind nginx, on a throwaway
# PostgreSQL cluster and a throwaway Redis on 127.0.0.1, all installed from Debian's packages when
# missing (as .ci/run does), with a throwaway TLS certificate for nginx (trusted by the drill
# through NODE_EXTRA_CA_CERTS). Or give your own: DRILL_DATABASE_URL (a server the drill may
# CREATE DATABASE on) and DRILL_REDIS_URL. DRILL_PLAYERS sets the players per rush (default 600),
# DRILL_MIXED_PLAYERS those of the mixed phase (default 100).
set -euo pipefail
cd "$(dirname "$0")/.."
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
need=()
if [ -z "${DRILL_DATABASE_URL:-}" ] || [ -z "${DRILL_REDIS_URL:-}" ]; then
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
fi
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || need+=(nginx)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  # No service may start on install (Debian's nginx would take port 80): the drill runs its own.
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  rm -f /usr/sbin/policy-rc.d
fi
TLSDIR=$(mktemp -d)
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" -keyout "$TLSDIR/key.pem" -out "$TLSDIR/cert.pem" >/dev/null 2>&1
export DRILL_TLS_CERT="$TLSDIR/cert.pem" DRILL_TLS_KEY="$TLSDIR/key.pem" NODE_EXTRA_CA_CERTS="$TLSDIR/cert.pem"
if [ -z "${DRILL_DATABASE_URL:-}" ]; then
  PGBIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
  PGDIR=$(mktemp -d); chown postgres:postgres "$PGDIR"; PGPORT=$(free_port)
  runuser -u postgres -- "$PGBIN/initdb" -D "$PGDIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/server.log" -w -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGDIR -c fsync=off -c max_connections=200" start >/dev/null
  export DRILL_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres" DRILL_PG_LOG="$PGDIR/server.log"
  cleanup_pg() { runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$PGDIR"; }
else
  cleanup_pg() { :; }
fi
if [ -z "${DRILL_REDIS_URL:-}" ]; then
  REDIS_PORT=$(free_port)
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no >/dev/null 2>&1 &
  REDIS_PID=$!
  export DRILL_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  cleanup_redis() { kill "$REDIS_PID" 2>/dev/null || true; }
else
  cleanup_redis() { :; }
fi
trap 'cleanup_pg; cleanup_redis; rm -rf "$TLSDIR"' EXIT
node scripts/drill.ts
