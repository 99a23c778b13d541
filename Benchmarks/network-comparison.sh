#!/usr/bin/env bash
# The network comparison in one command: nginx on loopback serving GET /cards's 20-card reply,
# the `card-benchmarks network` drill against it (raw URLSession, raw AsyncHTTPClient, the
# full client over each transport, sequential and 32 in flight), then wrk against the same
# URL as the limit. Run from anywhere: `bash Benchmarks/network-comparison.sh [rounds]`.
# Exit status: the drill's (0 when every goal is met, 1 when one is missed).
#
# nginx (Debian's) and wrk are installed with apt-get when missing. nginx runs from a
# temporary folder with a configuration of its own (its pid file, logs and temp folders
# there, nothing under /etc or /var touched) and is stopped on every way out.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-10}
case "$rounds" in
  '' | *[!0-9]* | 0) echo "usage: $0 [rounds]" >&2; exit 2 ;;
esac

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
# Debian puts nginx in /usr/sbin, which a user's PATH may lack.
export PATH="$PATH:/usr/sbin:/sbin"
for tool in nginx wrk; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "network-comparison: installing $tool"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "$tool" >/dev/null
  fi
done

echo "network-comparison: building card-benchmarks (release)"
swift build -c release --package-path Benchmarks --product card-benchmarks
bin="$(swift build -c release --package-path Benchmarks --show-bin-path)"

work=$(mktemp -d)
nginx_pid=""
stop() {
  if [ -n "$nginx_pid" ]; then
    kill -TERM "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# nginx's workers drop root for nobody, who must read the reply.
chmod 755 "$work"
mkdir -p "$work/www"
"$bin/card-benchmarks" network-reply >"$work/www/cards.json"
chmod 644 "$work/www/cards.json"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"

# One worker: the clients, measured on the same 2 cores, keep the other. Keep-alive long and
# unbounded in requests, so that no client reconnects during a run; no cache validators, so
# that every request is answered in full.
cat >"$work/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log warn;
events {
  worker_connections 1024;
}
http {
  access_log off;
  client_body_temp_path $work/client_body;
  proxy_temp_path $work/proxy;
  fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi;
  scgi_temp_path $work/scgi;
  keepalive_timeout 300s;
  keepalive_requests 10000000;
  sendfile on;
  tcp_nodelay on;
  server {
    listen 127.0.0.1:$port;
    location = /cards {
      default_type application/json;
      alias $work/www/cards.json;
      etag off;
      if_modified_since off;
      add_header Cache-Control no-store;
    }
  }
}
EOF

nginx -p "$work" -e "$work/error.log" -c "$work/nginx.conf" &
nginx_pid=$!
for _ in $(seq 1 50); do
  curl -fsS -o /dev/null "$base/cards" 2>/dev/null && break
  kill -0 "$nginx_pid" 2>/dev/null || break
  sleep 0.1
done
if ! curl -fsS -o /dev/null "$base/cards"; then
  echo "network-comparison: nginx did not start:" >&2
  cat "$work/error.log" >&2 || true
  exit 1
fi
echo "network-comparison: $(nginx -v 2>&1) on $base, GET /cards: $(wc -c <"$work/www/cards.json") bytes"
echo "machine: $(nproc) CPUs, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"

status=0
"$bin/card-benchmarks" network "$base" "$rounds" || status=$?

# The limit: what a client that only writes requests and counts replies (wrk, in C) gets from
# the same nginx, with one connection and with 32, the same headers as the drill.
echo "wrk: the same URL, 10 s each"
for connections in 1 32; do
  threads=$((connections == 1 ? 1 : 2))
  rate=$(wrk -t"$threads" -c"$connections" -d10s -H 'Accept: application/json' \
    -H 'Authorization: Bearer benchmark-access' "$base/cards" | awk '/Requests\/sec/ { print $2 }')
  echo "  $connections connection(s), $threads thread(s): $rate req/s"
done
exit "$status"
