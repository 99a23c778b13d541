#!/usr/bin/env python3
"""Image drill for card-server: prints figures, decides nothing by itself.

Starts card-server on a fresh state in a temporary folder and times, as the median of 21
requests each, a `POST /card` with a 1 KiB image and a login (demo/demo). Then it creates 50
cards, each with a 1 MiB image, and times the same two requests again. Prints both medians and
their ratios beside the goal (at most 1.5 each: what is stored must not slow every later
write), the server's memory at the end from /proc/<pid>/status (VmRSS, and VmHWM, its peak)
beside the goal (under 100 MiB), and the state's size. Every request goes one after the other
on one keep-alive connection.

    swift build -c release --package-path Server
    python3 Server/drills/images.py "$(swift build -c release --package-path Server --show-bin-path)/card-server"

Connects to 127.0.0.1 only. Standard library only. Stops after at most 10 minutes.
"""

import sys
import time

from support import Client, median_ms, mib, png, running_server, state_sizes, timed

SAMPLES = 21
SMALL_IMAGE = 1024
LARGE_IMAGE = 1024 * 1024
LARGE_CARDS = 50
GOAL_RATIO = 1.5
GOAL_MIB = 100
DRILL_SECONDS = 600.0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    started = time.monotonic()

    def check_time():
        if time.monotonic() - started > DRILL_SECONDS:
            sys.exit(f"stopped after {DRILL_SECONDS:.0f} s")

    with running_server(sys.argv[1]) as (server, state_file):
        print(f"card-server at {server.url}, state {state_file}")
        client = Client(server.port)
        token = client.login("demo")

        def create(name, size):
            status, envelope = client.create_card(token, name, png(size))
            if status != 201:
                sys.exit(f"POST /card answered {status}: {envelope.get('message')}")

        def measure(label):
            creates, logins = [], []
            for index in range(SAMPLES):
                check_time()
                creates.append(timed(lambda: create(f"{label} {index}", SMALL_IMAGE))[0])
                logins.append(timed(lambda: client.login("demo"))[0])
            return median_ms(creates), median_ms(logins)

        fresh_create, fresh_login = measure("fresh")
        print(f"fresh state: POST /card ({SMALL_IMAGE} B image) median {fresh_create:.2f} ms, "
              f"login median {fresh_login:.2f} ms ({SAMPLES} each)")

        large = []
        for index in range(LARGE_CARDS):
            check_time()
            large.append(timed(lambda: create(f"large {index}", LARGE_IMAGE))[0])
        size = state_sizes(state_file)
        print(f"{LARGE_CARDS} cards with a {mib(LARGE_IMAGE)} image created in "
              f"{sum(large):.1f} s (first {large[0] * 1000:.1f} ms, last {large[-1] * 1000:.1f} ms)")

        full_create, full_login = measure("full")
        print(f"after them:  POST /card ({SMALL_IMAGE} B image) median {full_create:.2f} ms, "
              f"login median {full_login:.2f} ms ({SAMPLES} each)")
        print(f"ratio POST /card after/fresh: {full_create / fresh_create:.2f} "
              f"(goal: at most {GOAL_RATIO})")
        print(f"ratio login after/fresh:      {full_login / fresh_login:.2f} "
              f"(goal: at most {GOAL_RATIO})")
        memory = server.memory()
        print(f"server memory at the end: VmRSS {memory['VmRSS']:.1f} MiB, "
              f"VmHWM (peak) {memory['VmHWM']:.1f} MiB (goal: under {GOAL_MIB} MiB)")
        print(f"state after the {LARGE_CARDS} large cards: state file {mib(size[0])}, "
              f"every file beside it {mib(size[1])}")
        client.close()


if __name__ == "__main__":
    main()
