#!/usr/bin/env python3
"""Idle-connection flood drill for card-server: prints figures, decides nothing by itself.

Starts card-server with at most 1,024 file descriptors (`ulimit -n 1024`), logs in and sets a
1 ms latency for one request (so that libdispatch's timers and its worker-thread monitor run,
as after any `sandbox latency`: that monitor opens `/proc/<tid>/stat` every second and traps
when the process has no descriptor left), then opens 1,200 TCP connections to it one by one,
each sending nothing and kept open, while a probe sends a normal `GET /cards` (with the token)
on a fresh connection every half second. It prints each probe's outcome and time, when the
first probe after the flood began to bite was answered within 2 s again, the most descriptors
the server held, and whether the server is alive and answering afterwards.

    swift build --package-path Server
    python3 Server/drills/idle-connections.py "$(swift build --package-path Server --show-bin-path)/card-server"

Connects to 127.0.0.1 only. Standard library only.
"""

import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

SERVER_DESCRIPTORS = 1024
FLOOD_CONNECTIONS = 1200
FLOOD_INTERVAL = 0.002  # seconds between two new idle connections
PROBE_INTERVAL = 0.5
PROBE_LIMIT = 2.0  # a probe answered later than this does not count as answered
DRILL_SECONDS = 45.0


def limit_descriptors():
    resource.setrlimit(resource.RLIMIT_NOFILE, (SERVER_DESCRIPTORS, SERVER_DESCRIPTORS))


def request(port, method, path, body=None, token=None, timeout=PROBE_LIMIT):
    """One HTTP/1.1 request on a new connection: (status or error text, seconds)."""
    start = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
            connection.settimeout(max(0.01, timeout - (time.monotonic() - start)))
            head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            if token:
                head += f"Authorization: Bearer {token}\r\n"
            payload = b""
            if body is not None:
                payload = json.dumps(body).encode()
                head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
            connection.sendall(head.encode() + b"\r\n" + payload)
            received = b""
            while True:
                connection.settimeout(max(0.01, timeout - (time.monotonic() - start)))
                chunk = connection.recv(65536)
                if not chunk:
                    break
                received += chunk
        status_line = received.split(b"\r\n", 1)[0].decode(errors="replace")
        parts = status_line.split(" ")
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else "no answer"
        return status, received, time.monotonic() - start
    except OSError as error:
        return type(error).__name__, b"", time.monotonic() - start


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    # The drill holds the flood's sockets itself.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FLOOD_CONNECTIONS + 256
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))

    directory = tempfile.mkdtemp(prefix="card-server-drill-")
    log = open(os.path.join(directory, "server.log"), "w+")
    server = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", "0",
         "--state-file", os.path.join(directory, "state.json")],
        stdout=log, stderr=subprocess.STDOUT, preexec_fn=limit_descriptors)
    try:
        url = ""
        for _ in range(300):
            log.seek(0)
            url = log.readline().strip()
            if url or server.poll() is not None:
                break
            time.sleep(0.1)
        if not url.startswith("http://"):
            sys.exit(f"card-server did not start: {url!r}")
        port = int(url.rsplit(":", 1)[1])
        status, body, _ = request(port, "POST", "/auth/login",
                                  {"userId": "demo", "password": "demo"}, timeout=10)
        if status != 200:
            sys.exit(f"login answered {status}")
        token = json.loads(body.split(b"\r\n\r\n", 1)[1])["data"]["accessToken"]
        for milliseconds in (1, 0):
            request(port, "POST", "/_sandbox/latency", {"milliseconds": milliseconds}, timeout=10)
            request(port, "GET", "/cards", token=token, timeout=10)
        print(f"card-server at {url}, limited to {SERVER_DESCRIPTORS} descriptors")

        start = time.monotonic()
        flood = []
        refused = [0]
        stop = threading.Event()

        def open_idle_connections():
            for _ in range(FLOOD_CONNECTIONS):
                if stop.is_set():
                    return
                connection = socket.socket()
                connection.setblocking(False)
                try:
                    connection.connect_ex(("127.0.0.1", port))
                except OSError:
                    refused[0] += 1
                flood.append(connection)
                time.sleep(FLOOD_INTERVAL)

        most_descriptors = [0]

        def count_descriptors():
            while not stop.is_set() and server.poll() is None:
                try:
                    held = len(os.listdir(f"/proc/{server.pid}/fd"))
                except OSError:
                    return  # not Linux, or the server is gone
                most_descriptors[0] = max(most_descriptors[0], held)
                time.sleep(0.1)

        flooder = threading.Thread(target=open_idle_connections)
        flooder.start()
        counter = threading.Thread(target=count_descriptors)
        counter.start()
        probes = []
        while time.monotonic() - start < DRILL_SECONDS and server.poll() is None:
            at = time.monotonic() - start
            status, _, seconds = request(port, "GET", "/cards", token=token)
            probes.append((at, status, seconds))
            print(f"  t={at:5.1f} s  GET /cards: {status} in {seconds:.2f} s", flush=True)
            time.sleep(max(0.0, PROBE_INTERVAL - seconds))
        stop.set()
        flooder.join()
        counter.join()

        answered = [p for p in probes if p[1] == 200 and p[2] <= PROBE_LIMIT]
        failed = [p for p in probes if not (p[1] == 200 and p[2] <= PROBE_LIMIT)]
        print(f"flood: {len(flood)} idle connections opened, one every {FLOOD_INTERVAL * 1000:.0f} ms")
        print(f"probes: {len(probes)}, answered within {PROBE_LIMIT:.0f} s: {len(answered)}, "
              f"not: {len(failed)}")
        if failed:
            first_failure = failed[0][0]
            recovered = [p for p in answered if p[0] > first_failure]
            if recovered:
                print(f"first probe not answered at t={first_failure:.1f} s; answered again "
                      f"within {PROBE_LIMIT:.0f} s at t={recovered[0][0]:.1f} s into the flood")
            else:
                print(f"first probe not answered at t={first_failure:.1f} s; never answered again")
        print(f"most descriptors the server held: {most_descriptors[0]} of {SERVER_DESCRIPTORS}")
        alive = server.poll() is None
        for connection in flood:
            connection.close()
        status, _, seconds = request(port, "GET", "/cards", token=token, timeout=10) if alive \
            else ("dead", b"", 0.0)
        print(f"server alive after the flood: {'yes' if alive else 'no, exit status ' + str(server.returncode)}; "
              f"GET /cards: {status} in {seconds:.2f} s")
        log.seek(0)
        errors = [line.rstrip() for line in log if "error" in line.lower() or "fatal" in line.lower()]
        print(f"server log lines naming an error: {len(errors)}")
        for line in errors[:5]:
            print(f"  {line}")
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        log.close()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
