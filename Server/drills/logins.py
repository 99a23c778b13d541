#!/usr/bin/env python3
"""Login drill for card-server: prints figures, decides nothing by itself.

Starts card-server on a fresh state in a temporary folder, then logs in as demo/demo 1,000
times in a row, one request after the other on one keep-alive connection (so that the figure
is the server's work, not the connection's setup). Prints the median latency of the first 100
logins and of the last 100, their ratio beside its goal (at most 1.5: a login must not cost
more as sessions pile up), and the state's size before the first login and after the last.

    swift build -c release --package-path Server
    python3 Server/drills/logins.py "$(swift build -c release --package-path Server --show-bin-path)/card-server"

Connects to 127.0.0.1 only. Standard library only. Stops after at most 10 minutes.
"""

import sys
import time

from support import Client, median_ms, mib, running_server, state_sizes, timed

LOGINS = 1000
SAMPLE = 100
GOAL = 1.5
DRILL_SECONDS = 600.0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with running_server(sys.argv[1]) as (server, state_file):
        print(f"card-server at {server.url}, state {state_file}")
        before = state_sizes(state_file)
        client = Client(server.port)
        start = time.monotonic()
        latencies = []
        for _ in range(LOGINS):
            if time.monotonic() - start > DRILL_SECONDS:
                sys.exit(f"stopped after {DRILL_SECONDS:.0f} s and {len(latencies)} logins")
            seconds, _ = timed(lambda: client.login("demo"))
            latencies.append(seconds)
        client.close()
        after = state_sizes(state_file)
        first = median_ms(latencies[:SAMPLE])
        last = median_ms(latencies[-SAMPLE:])
        print(f"{LOGINS} logins as demo in {time.monotonic() - start:.1f} s, "
              "one after the other on one keep-alive connection")
        print(f"median latency, first {SAMPLE}: {first:.2f} ms")
        print(f"median latency, last {SAMPLE}:  {last:.2f} ms")
        print(f"ratio last/first: {last / first:.2f} (goal: at most {GOAL})")
        print(f"state file: {before[0]} bytes before, {after[0]} bytes after "
              f"({mib(after[0])}); every file beside it: {before[1]} bytes before, "
              f"{after[1]} bytes after")


if __name__ == "__main__":
    main()
