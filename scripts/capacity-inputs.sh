#!/usr/bin/env bash
# The cost of a player, measured (issue #59 item 1): NODES nodes on one durable PostgreSQL
# (fsync and full-page writes on), `tabula site loadtest --scenario play` through all of them
# (each game has its players on two nodes, so every move also crosses the pub/sub), and per
# acknowledged move: the nodes' CPU, PostgreSQL's CPU (every backend's, the exited ones
# included), the WAL bytes, and the pub/sub's notifications and payload bytes; then each
# node's resident memory and CPU when idle. The numbers are the capacity model's inputs
# (docs/operators.md, "Capacity"; BENCHMARKS.md, "The cost of a player").
#
# Usage: scripts/capacity-inputs.sh [NODES] [CLIENTS] [MOVES] [THINK_MS]   (2 400 20 500)
#        TABULA_BIN=path/to/tabula (a release build: target/release/tabula by default)
set -euo pipefail
cd "$(dirname "$0")/.."
nodes="${1:-2}" clients="${2:-400}" moves="${3:-20}" think="${4:-500}"
bin="${TABULA_BIN:-target/release/tabula}"
[ -x "$bin" ] || { echo "no $bin: cargo build --release -p tabula" >&2; exit 1; }
tick="$(getconf CLK_TCK)"
work="$(mktemp -d "${TMPDIR:-/tmp}/tabula-capacity.XXXXXX")"
# the cluster's own directory (its owner, an unprivileged user as root, must reach it)
pgdir="$(mktemp -d "${TMPDIR:-/tmp}/tabula-capacity-pg.XXXXXX")"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  scripts/postgres.sh stop "$pgdir"
  rm -rf "$work"
}
trap cleanup EXIT
url="$(TABULA_PG_DURABLE=1 scripts/postgres.sh start "$pgdir")"
free_port() {
  local p
  while :; do p=$((20000 + RANDOM % 20000)); ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && { echo "$p"; return; }; done
}
urls=() metrics=()
for i in $(seq 1 "$nodes"); do
  port="$(free_port)" mport="$(free_port)"
  "$bin" serve --db "$url" --node "n$i" --addr "127.0.0.1:$port" --metrics-addr "127.0.0.1:$mport" \
    --allow-rated-same-address --rate-limits off >"$work/node$i.log" 2>&1 &
  pids+=("$!")
  urls+=(--url "http://127.0.0.1:$port")
  metrics+=("http://127.0.0.1:$mport/metrics")
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done
done
postmaster="$(head -1 "$pgdir/data/postmaster.pid")"

# CPU ticks of a process (user + system), with its reaped children's when $2 is set
ticks() { awk -v kids="${2:-}" '{ t = $14 + $15; if (kids) t += $16 + $17; print t }' "/proc/$1/stat" 2>/dev/null || echo 0; }
nodes_ticks() { local t=0; for p in "${pids[@]}"; do t=$((t + $(ticks "$p"))); done; echo "$t"; }
pg_ticks() {
  local t; t="$(ticks "$postmaster" kids)"
  for c in $(pgrep -P "$postmaster"); do t=$((t + $(ticks "$c"))); done
  echo "$t"
}
wal() { psql "$url" -Atc "SELECT wal_bytes FROM pg_stat_wal"; }
# a counter summed over the nodes
counter() {
  local sum=0 v
  for m in "${metrics[@]}"; do
    v="$(curl -sf "$m" | awk -v n="$1" '$1 == n || index($1, n "{") == 1 { s += $2 } END { printf "%d", s }')"
    sum=$((sum + v))
  done
  echo "$sum"
}
rss() { local t=0; for p in "${pids[@]}"; do t=$((t + $(awk '/VmRSS/ { print $2 }' "/proc/$p/status"))); done; echo "$t"; }

idle_rss="$(rss)"
n0="$(nodes_ticks)" g0="$(pg_ticks)"; sleep 10
idle_nodes=$(( $(nodes_ticks) - n0 )) idle_pg=$(( $(pg_ticks) - g0 ))

n0="$(nodes_ticks)" g0="$(pg_ticks)" w0="$(wal)"
s0="$(counter tabula_bus_sent_notifications_total)" sb0="$(counter tabula_bus_sent_payload_bytes_total)"
r0="$(counter tabula_bus_received_notifications_total)" rb0="$(counter tabula_bus_received_payload_bytes_total)"
a0="$(counter 'tabula_actions_total{outcome="accepted"}')"
started="$(date +%s.%N)"
"$bin" site loadtest --scenario play --clients "$clients" --moves "$moves" --think "$think" "${urls[@]}" | tee "$work/loadtest.txt"
took="$(echo "$(date +%s.%N) - $started" | bc)"
busy_rss="$(rss)"
dn=$(( $(nodes_ticks) - n0 )) dg=$(( $(pg_ticks) - g0 )) dw=$(( $(wal) - w0 ))
ds=$(( $(counter tabula_bus_sent_notifications_total) - s0 )) dsb=$(( $(counter tabula_bus_sent_payload_bytes_total) - sb0 ))
dr=$(( $(counter tabula_bus_received_notifications_total) - r0 )) drb=$(( $(counter tabula_bus_received_payload_bytes_total) - rb0 ))
da=$(( $(counter 'tabula_actions_total{outcome="accepted"}') - a0 ))

per() { echo "scale=3; $1 / $da" | bc; }
ms() { echo "scale=3; $1 * 1000 / $tick / $da" | bc; }
echo
echo "$nodes node(s), $clients clients, $moves moves each, ${think} ms thinking: $da moves acknowledged in ${took%.*} s"
echo "| per acknowledged move | |"
echo "|---|---|"
echo "| the nodes' CPU | $(ms "$dn") ms |"
echo "| PostgreSQL's CPU | $(ms "$dg") ms |"
echo "| WAL | $(per "$dw") bytes |"
echo "| pub/sub: notifications sent / received | $(per "$ds") / $(per "$dr") |"
echo "| pub/sub: payload bytes sent / received | $(per "$dsb") / $(per "$drb") |"
echo "| each node, idle: resident memory, CPU | $((idle_rss / nodes)) kB, $(echo "scale=2; $idle_nodes * 1000 / $tick / 10 / $nodes" | bc) ms a second (PostgreSQL idle: $(echo "scale=2; $idle_pg * 1000 / $tick / 10" | bc) ms a second) |"
echo "| each node after the run: resident memory | $((busy_rss / nodes)) kB |"
