"""What the state drills share: a card-server of their own, requests to it, figures.

Not a drill: logins.py, images.py, reads.py and kills.py import it. Each starts card-server
with `--host 127.0.0.1 --port 0` and a state file in a temporary folder, reads the URL from
the first line of its output, drains the rest (the request log) keeping its last lines, and
stops the server when done. Standard library only.
"""

import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager

SEED_USERS = {"demo": "demo", "guest": "guest"}
START_SECONDS = 30.0


class Server:
    """One card-server process on `state_file`; `url`, `port` and `pid` once started."""

    def __init__(self, binary, state_file):
        self.binary = binary
        self.state_file = state_file
        # The log goes to a file, as a deployed server's would: a drill reading a pipe would
        # wake once per write and take the CPU the server needs.
        self.log_file = state_file + ".log"
        self.process = None
        self.url = ""
        self.port = 0

    @property
    def pid(self):
        return self.process.pid

    def start(self):
        """Starts the server; returns None, or why it did not start."""
        with open(self.log_file, "ab") as log:
            start_offset = log.tell()
            self.process = subprocess.Popen(
                [self.binary, "--host", "127.0.0.1", "--port", "0", "--state-file",
                 self.state_file],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        line = ""
        while time.monotonic() < deadline and self.alive():
            with open(self.log_file, "rb") as log:
                log.seek(start_offset)
                first = log.readline()
            if first.endswith(b"\n"):
                line = first.decode(errors="replace").strip()
                break
            time.sleep(0.02)
        if not line.startswith("http://"):
            self.stop()
            with open(self.log_file, "rb") as log:
                log.seek(start_offset)
                output = log.read().decode(errors="replace").strip()
            return (f"no URL printed (waited up to {START_SECONDS:.0f} s), exit status "
                    f"{self.process.returncode}, output: {output[:500]!r}")
        self.url = line
        self.port = int(line.rsplit(":", 1)[1])
        return None

    @property
    def last_lines(self):
        """The last lines the server printed, a few kilobytes."""
        with open(self.log_file, "rb") as log:
            log.seek(0, os.SEEK_END)
            size = log.tell()
            log.seek(max(0, size - 8192))
            tail = log.read()
        lines = tail.decode(errors="replace").splitlines()
        return lines[1:] if size > 8192 else lines  # the first may be cut

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def stop(self):
        """SIGTERM, then SIGKILL after 10 s."""
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def kill(self):
        """SIGKILL, as a crash or a power cut ends the process."""
        if self.alive():
            self.process.kill()
        self.process.wait()

    def memory(self):
        """VmRSS and VmHWM (the peak) in MiB, from /proc/<pid>/status."""
        figures = {}
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                if name in ("VmRSS", "VmHWM"):
                    figures[name] = int(value.split()[0]) / 1024  # kB
        return figures


class Client:
    """One keep-alive HTTP/1.1 connection to the server; `request` answers (status, headers,
    body bytes) or raises OSError / http.client.HTTPException when no answer came."""

    def __init__(self, port, timeout=60.0):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def request(self, method, path, body=None, headers=None):
        self.connection.request(method, path, body=body, headers=headers or {})
        response = self.connection.getresponse()
        data = response.read()
        return response.status, response.headers, data

    def json(self, method, path, value=None, token=None):
        headers = {"Content-Type": "application/json"} if value is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        body = json.dumps(value).encode() if value is not None else None
        status, _, data = self.request(method, path, body, headers)
        try:
            envelope = json.loads(data)
        except ValueError:
            envelope = {"message": data[:200].decode(errors="replace"), "data": None}
        return status, envelope

    def login(self, user):
        """The access token, or raises RuntimeError naming the status."""
        status, envelope = self.json("POST", "/auth/login",
                                     {"userId": user, "password": SEED_USERS[user]})
        if status != 200:
            raise RuntimeError(f"login as {user} answered {status}: {envelope.get('message')}")
        return envelope["data"]["accessToken"]

    def create_card(self, token, name, image=None):
        """POST /card with `image` (PNG bytes) when given: (status, envelope)."""
        boundary = uuid.uuid4().hex
        parts = [(f'name="card.name"', b"text/plain", name.encode()),
                 (f'name="card.defaultImage"', b"text/plain", b"1")]
        if image is not None:
            parts.append(('name="image"; filename="card.png"', b"image/png", image))
        body = b""
        for disposition, content_type, content in parts:
            body += (f"--{boundary}\r\nContent-Disposition: form-data; {disposition}\r\n"
                     f"Content-Type: {content_type.decode()}\r\n\r\n").encode() + content + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        status, _, data = self.request("POST", "/card", body, {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "Authorization": f"Bearer {token}"})
        try:
            return status, json.loads(data)
        except ValueError:
            return status, {"message": data[:200].decode(errors="replace"), "data": None}

    def close(self):
        self.connection.close()


def png(size):
    """`size` bytes that the server takes for a PNG: the signature, then random bytes."""
    signature = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    return signature + os.urandom(size - len(signature))


def timed(action):
    """(seconds, what `action` returned)."""
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def median_ms(seconds):
    return statistics.median(seconds) * 1000


def state_sizes(state_file):
    """(the state file's size, every file in its folder together), in bytes; a sidecar such as
    a database's journal or an images folder counts in the second figure, the server's log
    (`Server.log_file`) in neither."""
    own = os.path.getsize(state_file) if os.path.exists(state_file) else 0
    total = 0
    for folder, _, names in os.walk(os.path.dirname(state_file)):
        for name in names:
            if os.path.join(folder, name) == state_file + ".log":
                continue
            try:
                total += os.path.getsize(os.path.join(folder, name))
            except OSError:
                pass
    return own, total


def mib(byte_count):
    return f"{byte_count / (1024 * 1024):.2f} MiB"


class StateFolder:
    """A temporary folder for the state, removed on exit: `with StateFolder() as state_file:`."""

    def __enter__(self):
        self.folder = tempfile.mkdtemp(prefix="card-server-drill-")
        return os.path.join(self.folder, "state.json")

    def __exit__(self, *_):
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def running_server(binary):
    """A started card-server on a fresh state, stopped on exit; exits the drill if it cannot start.

    `with running_server(sys.argv[1]) as (server, state_file):`
    """
    with StateFolder() as state_file:
        server = Server(binary, state_file)
        failure = server.start()
        if failure:
            sys.exit(f"card-server did not start: {failure}")
        try:
            yield server, state_file
        finally:
            server.stop()
