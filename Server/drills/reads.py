#!/usr/bin/env python3
"""Read throughput drill for card-server: prints figures, decides nothing by itself.

Starts card-server on a fresh state in a temporary folder, logs in as demo/demo and keeps the
body and Content-Type of its `GET /cards` reply; starts `static-reply` (Server/Sources/
static-reply, a Hummingbird route and nothing else) serving those same bytes with that same
type at /cards. Then `wrk` sends `GET /cards` with the Bearer token to each, with 32
connections (2 threads) and with 1, in interleaved rounds of 5 s (the order of the two servers
alternates from round to round). Prints each run's requests/s, and per connection count the
ratio card-server / static-reply over the rounds (min, median, max) beside the goal (at least
0.5 with 32 connections: reads must not wait for each other); any non-2xx answer or socket
error that wrk saw is printed beside its run.

    swift build -c release --package-path Server
    bin="$(swift build -c release --package-path Server --show-bin-path)"
    python3 Server/drills/reads.py "$bin/card-server" "$bin/static-reply"

Needs `wrk` on PATH. Connects to 127.0.0.1 only. Standard library only. Takes about a minute
(3 rounds x 4 runs x 5 s).
"""

import os
import re
import statistics
import subprocess
import sys
import threading

from support import Client, running_server

ROUNDS = 3
SECONDS = 5
CONNECTIONS = (32, 1)
GOAL = {32: 0.5}


def wrk(url, token, connections):
    """(requests/s, what else wrk reported: non-2xx answers, socket errors)."""
    threads = min(2, connections)
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{SECONDS}s",
               "-H", f"Authorization: Bearer {token}", f"{url}/cards"]
    output = subprocess.run(command, capture_output=True, text=True, timeout=SECONDS + 60,
                            check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    notes = [line.strip() for line in output.splitlines()
             if line.strip().startswith(("Non-2xx", "Socket errors"))]
    return rate, "; ".join(notes)


def start_static_reply(binary, body_file, content_type):
    """The static-reply process and its URL (the first line it prints)."""
    process = subprocess.Popen([binary, "/cards", content_type, body_file],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
    first = []
    reader = threading.Thread(target=lambda: first.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(30)
    url = first[0].decode(errors="replace").strip() if first else ""
    if not url.startswith("http://"):
        process.kill()
        process.wait()
        sys.exit(f"static-reply did not start: {url!r}")
    # Nothing else is printed; the pipe needs no draining.
    return process, url


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with running_server(sys.argv[1]) as (server, state_file):
        static = None
        try:
            client = Client(server.port)
            token = client.login("demo")
            status, headers, body = client.request(
                "GET", "/cards", headers={"Authorization": f"Bearer {token}"})
            if status != 200:
                sys.exit(f"GET /cards answered {status}")
            content_type = headers["Content-Type"]
            body_file = os.path.join(os.path.dirname(state_file), "cards-reply")
            with open(body_file, "wb") as file:
                file.write(body)
            static, static_url = start_static_reply(sys.argv[2], body_file, content_type)
            static_port = int(static_url.rsplit(":", 1)[1])
            _, static_headers, static_body = Client(static_port).request("GET", "/cards")
            print(f"card-server at {server.url}; static-reply at {static_url}")
            print(f"GET /cards: {len(body)} bytes, {content_type}; static-reply's the same: "
                  f"{'yes' if static_body == body and static_headers['Content-Type'] == content_type else 'NO'}")

            targets = {"card-server": server.url, "static-reply": static_url}
            rates = {(name, connections): [] for name in targets for connections in CONNECTIONS}
            for round_index in range(ROUNDS):
                order = list(targets) if round_index % 2 == 0 else list(reversed(targets))
                for connections in CONNECTIONS:
                    for name in order:
                        rate, notes = wrk(targets[name], token, connections)
                        rates[(name, connections)].append(rate)
                        print(f"  round {round_index + 1}, {connections:2d} connection(s), "
                              f"{name:12s}: {rate:9.0f} requests/s{'  (' + notes + ')' if notes else ''}",
                              flush=True)
            for connections in CONNECTIONS:
                ratios = [ours / theirs for ours, theirs in
                          zip(rates[("card-server", connections)], rates[("static-reply", connections)])]
                goal = f" (goal: at least {GOAL[connections]})" if connections in GOAL else ""
                print(f"{connections:2d} connection(s): card-server / static-reply min "
                      f"{min(ratios):.2f}, median {statistics.median(ratios):.2f}, "
                      f"max {max(ratios):.2f}{goal}; requests/s median card-server "
                      f"{statistics.median(rates[('card-server', connections)]):.0f}, static-reply "
                      f"{statistics.median(rates[('static-reply', connections)]):.0f}")
        finally:
            if static is not None:
                static.kill()
                static.wait()


if __name__ == "__main__":
    main()
