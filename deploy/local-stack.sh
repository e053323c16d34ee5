#!/usr/bin/env bash
# deploy/compose.yaml's services without containers, on one machine: a PostgreSQL cluster of
# its own, three `marginalia serve` replicas on it, and HAProxy in front with TLS
# (deploy/haproxy.cfg, a self-signed certificate unless one is given). For trying the
# replicated deployment where no container runtime is, and for Tests/server/test_deployment.py.
#
#   deploy/local-stack.sh up DIR     start everything; DIR keeps logs, pids, the token, the
#                                    certificate; prints the URL to open
#   deploy/local-stack.sh down DIR   stop everything started in DIR
#
# Needs Debian's postgresql, haproxy, openssl and curl, and a built `marginalia`
# ($MARGINALIA_BIN, else the README's release build). Ports (all on 127.0.0.1):
#   MARGINALIA_STACK_HTTPS_PORT (8443), MARGINALIA_STACK_HTTP_PORT (8080, redirects to HTTPS),
#   MARGINALIA_STACK_REPLICA_PORT (8081: replicas on it and the next two), MARGINALIA_STACK_PG_PORT (55432)
# MARGINALIA_TOKEN sets the token (default: a random one, kept in DIR/token);
# MARGINALIA_STACK_CERT a PEM with certificate and key (default: DIR/marginalia.pem, made here).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() { echo "usage: deploy/local-stack.sh up|down DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)

https_port=${MARGINALIA_STACK_HTTPS_PORT:-8443}
http_port=${MARGINALIA_STACK_HTTP_PORT:-8080}
replica_port=${MARGINALIA_STACK_REPLICA_PORT:-8081}
pg_port=${MARGINALIA_STACK_PG_PORT:-55432}

# Runs a PostgreSQL program as `postgres` when we are root (the server refuses root).
as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bin() {
    local initdb
    initdb=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)
    [ -n "$initdb" ] || { echo "local-stack: PostgreSQL's server is missing (Debian package postgresql)" >&2; exit 1; }
    dirname "$initdb"
}

# Waits until URL answers 200 (curl options before it), or fails after 60 s naming it; with
# PID given (`wait_ready WHAT PID LOG URL...`), fails at once when that process has exited,
# printing the end of LOG.
wait_ready() {
    local what=$1 pid=$2 log=$3; shift 3
    for _ in $(seq 600); do
        if curl -fsS -o /dev/null "$@" 2>/dev/null; then return 0; fi
        if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then
            echo "local-stack: $what exited before it was ready; the end of $log:" >&2
            tail -n 20 "$log" >&2
            exit 1
        fi
        sleep 0.1
    done
    echo "local-stack: $what did not become ready (logs in $dir)" >&2
    [ -z "$log" ] || tail -n 20 "$log" >&2
    exit 1
}

up() {
    local bin=${MARGINALIA_BIN:-}
    if [ -z "$bin" ]; then
        bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/marginalia"
    fi
    [ -x "$bin" ] || { echo "local-stack: no marginalia at $bin (build it, or set MARGINALIA_BIN)" >&2; exit 1; }
    command -v haproxy >/dev/null || { echo "local-stack: haproxy is missing (Debian package haproxy)" >&2; exit 1; }

    # PostgreSQL: its own cluster in a folder the postgres user may own.
    local bindir pgdir
    bindir=$(pg_bin)
    pgdir=$(mktemp -d /tmp/marginalia-stack-pg.XXXXXX)
    echo "$pgdir" > "$dir/pgdir"
    [ "$(id -u)" -ne 0 ] || chown postgres: "$pgdir"
    as_postgres "$bindir/initdb" -D "$pgdir/data" -A trust -U marginalia --no-sync -E UTF8 --locale C >"$dir/initdb.log"
    as_postgres "$bindir/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w -t 60 \
        -o "-p $pg_port -k $pgdir -c listen_addresses=127.0.0.1" start >"$dir/pg_ctl.log"
    as_postgres "$bindir/createdb" -h 127.0.0.1 -p "$pg_port" -U marginalia marginalia

    # The token and the certificate.
    local token=${MARGINALIA_TOKEN:-}
    if [ -z "$token" ]; then token=$(openssl rand -hex 16); fi
    (umask 077 && printf '%s\n' "$token" > "$dir/token")
    local cert=${MARGINALIA_STACK_CERT:-$dir/marginalia.pem}
    if [ ! -f "$cert" ]; then
        openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=localhost" \
            -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
            -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
        cat "$dir/cert.pem" "$dir/key.pem" > "$cert"
    fi

    # The replicas, as the compose file runs them.
    local store="postgresql://marginalia@127.0.0.1:$pg_port/marginalia"
    for n in 1 2 3; do
        local port=$((replica_port + n - 1))
        MARGINALIA_STORE=$store "$bin" serve --host 127.0.0.1 --port "$port" --token "$token" --behind-tls-proxy \
            >"$dir/replica$n.log" 2>&1 &
        echo $! > "$dir/replica$n.pid"
    done
    for n in 1 2 3; do
        wait_ready "replica $n" "$(cat "$dir/replica$n.pid")" "$dir/replica$n.log" \
            "http://127.0.0.1:$((replica_port + n - 1))/readyz"
    done

    # HAProxy with TLS, from the very deploy/haproxy.cfg the compose file mounts.
    MARGINALIA_TLS_CERT=$cert MARGINALIA_LISTEN=127.0.0.1:$https_port \
    MARGINALIA_HTTP_LISTEN=127.0.0.1:$http_port MARGINALIA_HTTPS_PORT=$https_port \
    MARGINALIA_REPLICA_1=127.0.0.1:$replica_port MARGINALIA_REPLICA_2=127.0.0.1:$((replica_port + 1)) \
    MARGINALIA_REPLICA_3=127.0.0.1:$((replica_port + 2)) \
        haproxy -f deploy/haproxy.cfg -D -p "$dir/haproxy.pid" >"$dir/haproxy.log" 2>&1
    local ca=()
    [ -f "$dir/cert.pem" ] && ca=(--cacert "$dir/cert.pem")
    wait_ready "HAProxy" "" "$dir/haproxy.log" "${ca[@]}" "https://localhost:$https_port/readyz" --resolve "localhost:$https_port:127.0.0.1"
    echo "local-stack: up; open https://localhost:$https_port/?token=$token"
}

down() {
    # SIGTERM: HAProxy stops, each replica finishes its requests in flight and exits.
    local pids=()
    for name in haproxy replica1 replica2 replica3; do
        if [ -f "$dir/$name.pid" ]; then
            pids+=("$(cat "$dir/$name.pid")")
            rm -f "$dir/$name.pid"
        fi
    done
    [ "${#pids[@]}" -eq 0 ] || kill -TERM "${pids[@]}" 2>/dev/null || true
    for pid in "${pids[@]}"; do
        for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    if [ -f "$dir/pgdir" ]; then
        local pgdir
        pgdir=$(cat "$dir/pgdir")
        as_postgres "$(pg_bin)/pg_ctl" -D "$pgdir/data" -m fast -w stop >/dev/null 2>&1 || true
        rm -rf "$pgdir" "$dir/pgdir"
    fi
    echo "local-stack: down"
}

case $action in
    up) up ;;
    down) down ;;
    *) usage ;;
esac
