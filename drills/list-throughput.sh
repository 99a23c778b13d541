#!/usr/bin/env bash
# A drill, not a test: `GET /cards` throughput of card-server, 32 connections from wrk on
# 127.0.0.1, against card-baseline-server, a bare Hummingbird route answering the same
# bytes, in one run. The goal is at least 0.5 times the baseline. CONFIGURATION selects the
# build (release by default; build it first).
#
#   swift build --package-path Server -c release && drills/list-throughput.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
bin=$(swift build --package-path Server -c "${CONFIGURATION:-release}" --show-bin-path)
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

"$bin/card-server" --port 0 --state-file "$work/state.sqlite" >"$work/server.log" 2>&1 &
pids+=($!)
url=""
for _ in $(seq 1 300); do
  url=$(head -n 1 "$work/server.log")
  [ -n "$url" ] && break
  sleep 0.05
done
[ -n "$url" ] || { echo "card-server did not start" >&2; exit 1; }
token=$(curl -s -X POST "$url/auth/login" -H 'Content-Type: application/json' \
  -d '{"userId": "demo", "password": "demo"}' | grep -o '"accessToken":"[^"]*"' | cut -d'"' -f4)
curl -s "$url/cards" -H "Authorization: Bearer $token" >"$work/cards.json"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin/card-baseline-server" "$port" "$work/cards.json" >/dev/null 2>&1 &
pids+=($!)
baseline="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  curl -s -o /dev/null "$baseline/cards" && break
  sleep 0.05
done
cmp -s "$work/cards.json" <(curl -s "$baseline/cards") || { echo "the bodies differ" >&2; exit 1; }

rate() {
  wrk -t2 -c32 -d"${seconds}s" -H "Authorization: Bearer $token" "$1/cards" |
    awk '/^Requests\/sec:/ { print $2 }'
}
rate "$url" >/dev/null  # warm-up, then the measurement
server_rate=$(rate "$url")
baseline_rate=$(rate "$baseline")
ratio=$(awk -v a="$server_rate" -v b="$baseline_rate" 'BEGIN { printf "%.2f", a / b }')
echo "GET /cards, 32 connections, ${seconds} s each: card-server $server_rate requests/s," \
  "bare Hummingbird route $baseline_rate requests/s, ratio $ratio (goal ≥ 0.5)"
awk -v r="$ratio" 'BEGIN { exit !(r >= 0.5) }'
