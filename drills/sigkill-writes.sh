#!/usr/bin/env bash
# A drill, not a test: card-server on a fresh SQLite state takes card creations from four
# clients at once and is killed with SIGKILL at a random moment, ROUNDS times (default 70),
# each time started again on the same state. Every creation answered 201 must be in the
# list at the end: an acknowledged write is never lost. Prints the figures; exit status 0
# when nothing acknowledged was lost.
#
#   swift build --package-path Server && drills/sigkill-writes.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-70}
server="$(swift build --package-path Server --show-bin-path)/card-server"
work=$(mktemp -d)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
: >"$work/acked"

start_server() {
  "$server" --port 0 --state-file "$work/state.sqlite" >"$work/server.log" 2>&1 &
  server_pid=$!
  url=""
  for _ in $(seq 1 300); do
    url=$(head -n 1 "$work/server.log")
    [ -n "$url" ] && return 0
    sleep 0.05
  done
  echo "card-server did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
}

login() {
  curl -s -X POST "$url/auth/login" -H 'Content-Type: application/json' \
    -d '{"userId": "demo", "password": "demo"}' | grep -o '"accessToken":"[^"]*"' | cut -d'"' -f4
}

# Creates cards until the server stops answering, recording the id of every 201.
client() {
  local token=$1 n=0 reply
  while reply=$(curl -s --max-time 5 -w '\n%{http_code}' -X POST "$url/card" \
    -H "Authorization: Bearer $token" -F "card.name=drill $2 $n" -F card.defaultImage=1); do
    n=$((n + 1))
    if [ "$(tail -n 1 <<<"$reply")" = 201 ]; then
      grep -o '"cardId":"c[0-9]*"' <<<"$reply" | cut -d'"' -f4 >>"$work/acked"
    elif [ "$(tail -n 1 <<<"$reply")" = 000 ]; then
      break
    fi
  done
}

for round in $(seq 1 "$rounds"); do
  start_server
  token=$(login)
  pids=()
  for c in 1 2 3 4; do client "$token" "$round.$c" & pids+=($!); done
  sleep "0.$((RANDOM % 4 + 1))$((RANDOM % 10))"
  kill -9 "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
  for pid in "${pids[@]}"; do wait "$pid" || true; done
done

start_server
token=$(login)
curl -s "$url/cards" -H "Authorization: Bearer $token" | grep -o '"cardId":"c[0-9]*"' |
  cut -d'"' -f4 | sort -u >"$work/listed"
sort -u "$work/acked" >"$work/acked.sorted"
lost=$(comm -23 "$work/acked.sorted" "$work/listed" | wc -l)
echo "SIGKILLs: $rounds; creations acknowledged: $(wc -l <"$work/acked.sorted"); cards listed: $(wc -l <"$work/listed"); acknowledged but lost: $lost"
[ "$lost" -eq 0 ]
