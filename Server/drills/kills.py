#!/usr/bin/env python3
"""Crash drill for card-server: prints figures, decides nothing by itself.

Kills card-server with SIGKILL 70 times in the middle of traffic, on one state file, and checks
after each restart that no write it acknowledged was lost. Each round starts the server on the
same state file, checks what the earlier rounds were told, then runs four writers at once, each
on its own keep-alive connection: two as demo creating cards (some with a small image) and
deleting cards they created, one as guest creating, reordering (`PUT /cards`) and deleting, and
one logging in as demo again and again. Every write answered 2xx is recorded; at a random
moment (a seeded RNG; the seed is printed, and a seed given as the second argument replays the
same choices, though not the same timing) the server gets SIGKILL. After the restart:

- every acknowledged create is in its owner's `GET /cards` and answers `GET /card/{id}` 200;
- every acknowledged delete is in no list and answers `GET /card/{id}` 404;
- guest's list keeps the order of the last acknowledged reorder (unless a reorder was under
  way at the kill, which may or may not have been applied);
- every access token from an acknowledged login of the round still answers `GET /cards` 200.

A write under way at the kill may or may not have been applied; the drill checks neither
outcome. Prints the seed, a line per kill, then the counts: kills, acknowledged writes, lost
writes (goal: 0), unexpected errors (any other status, or a connection lost before the kill)
and whether the server ever failed to start.

    swift build -c release --package-path Server
    python3 Server/drills/kills.py "$(swift build -c release --package-path Server --show-bin-path)/card-server" [SEED]

Connects to 127.0.0.1 only. Standard library only. Stops after at most 20 minutes.
"""

import http.client
import os
import random
import sys
import threading
import time

from support import Client, Server, StateFolder, mib, png, state_sizes

KILLS = 70
KILL_AFTER = (0.05, 1.0)  # seconds after the writers start, uniformly at random
DRILL_SECONDS = 1200.0
NO_ANSWER = (OSError, http.client.HTTPException)


class Model:
    """What the server acknowledged, and what it was sent without an answer."""

    def __init__(self):
        self.lock = threading.Lock()
        self.owner = {}  # acknowledged create: card id -> user
        self.creator = {}  # acknowledged create: card id -> writer
        self.deleted = set()  # acknowledged deletes
        self.delete_unanswered = set()  # deletes under way at a kill
        self.pools = {}  # writer -> card ids it created and has not deleted
        self.guest_order = None  # the order of the last acknowledged reorder of guest's list
        self.reorder_unanswered = False
        self.tokens = []  # access tokens from this round's acknowledged logins
        self.acknowledged = {"create": 0, "delete": 0, "reorder": 0, "login": 0}
        self.unexpected = []

    def error(self, text):
        with self.lock:
            self.unexpected.append(text)


class Writer(threading.Thread):
    """One writer's requests on one connection until the connection is lost or `stop` is set."""

    def __init__(self, name, user, port, model, rng, killed, stop):
        super().__init__(daemon=True)
        self.name, self.user, self.port, self.model = name, user, port, model
        self.rng, self.killed, self.stop = rng, killed, stop

    def run(self):
        client = Client(self.port, timeout=30)
        try:
            token = self.login(client)
            while not self.stop.is_set():
                if self.name == "logins":
                    self.login(client)
                    continue
                pool = self.model.pools.setdefault(self.name, [])
                choice = self.rng.random()
                if not pool or choice < 0.55:
                    self.create(client, token)
                elif self.user == "guest" and choice < 0.8:
                    self.reorder(client, token)
                else:
                    self.delete(client, token, pool)
        except NO_ANSWER as error:
            if not self.killed.is_set():
                self.model.error(f"{self.name}: connection lost before the kill: {error!r}")
        except Exception as error:  # a reply the drill cannot read
            self.model.error(f"{self.name}: {error!r}")
        finally:
            client.close()

    def login(self, client):
        status, envelope = client.json("POST", "/auth/login",
                                       {"userId": self.user, "password": self.user})
        if status != 200:
            self.model.error(f"{self.name}: login answered {status}: {envelope.get('message')}")
            self.stop.set()
            return None
        with self.model.lock:
            self.model.acknowledged["login"] += 1
            self.model.tokens.append((self.user, envelope["data"]["accessToken"]))
        return envelope["data"]["accessToken"]

    def create(self, client, token):
        image = png(self.rng.choice((1024, 16384, 65536))) if self.rng.random() < 0.5 else None
        status, envelope = client.create_card(token, f"{self.name} card", image)
        if status != 201:
            self.model.error(f"{self.name}: POST /card answered {status}: {envelope.get('message')}")
            return
        card_id = envelope["data"]["cardId"]
        with self.model.lock:
            self.model.acknowledged["create"] += 1
            self.model.owner[card_id] = self.user
            self.model.deleted.discard(card_id)  # should the server give a deleted id again
            self.model.creator[card_id] = self.name
            self.model.pools[self.name].append(card_id)

    def delete(self, client, token, pool):
        card_id = pool.pop(self.rng.randrange(len(pool)))
        with self.model.lock:
            self.model.delete_unanswered.add(card_id)
        status, envelope = client.json("DELETE", f"/card/{card_id}", token=token)
        with self.model.lock:
            self.model.delete_unanswered.discard(card_id)
            if status == 200:
                self.model.acknowledged["delete"] += 1
                self.model.deleted.add(card_id)
            else:
                pool.append(card_id)
                self.model.unexpected.append(
                    f"{self.name}: DELETE /card/{card_id} answered {status}: {envelope.get('message')}")

    def reorder(self, client, token):
        status, envelope = client.json("GET", "/cards", token=token)
        if status != 200:
            self.model.error(f"{self.name}: GET /cards answered {status}")
            return
        order = [card["cardId"] for card in envelope["data"]]
        self.rng.shuffle(order)
        with self.model.lock:
            self.model.reorder_unanswered = True
        status, envelope = client.json("PUT", "/cards", {"cardIds": order}, token=token)
        with self.model.lock:
            self.model.reorder_unanswered = False
            if status == 200:
                self.model.acknowledged["reorder"] += 1
                self.model.guest_order = order
            else:
                self.model.unexpected.append(
                    f"{self.name}: PUT /cards answered {status}: {envelope.get('message')}")


def forget(model, card_id):
    """Checks `card_id` no more, once its loss is counted."""
    with model.lock:
        model.owner.pop(card_id, None)
        model.deleted.discard(card_id)
        for pool in model.pools.values():
            if card_id in pool:
                pool.remove(card_id)


def verify(port, model):
    """The acknowledged writes the restarted server lost, as sentences."""
    lost = []
    client = Client(port, timeout=60)
    try:
        lists = {}
        for user in ("demo", "guest"):
            token = client.login(user)
            status, envelope = client.json("GET", "/cards", token=token)
            if status != 200:
                model.error(f"check: GET /cards as {user} answered {status}")
                return lost
            lists[user] = ([card["cardId"] for card in envelope["data"]], token)
        present = {user: set(ids) for user, (ids, _) in lists.items()}
        with model.lock:
            # A delete under way at the kill: whatever the server kept is the truth now.
            for card_id in model.delete_unanswered:
                if card_id in present[model.owner[card_id]]:
                    model.pools[model.creator[card_id]].append(card_id)
                else:
                    del model.owner[card_id]
            model.delete_unanswered.clear()
            live = [(card_id, user) for card_id, user in model.owner.items()
                    if card_id not in model.deleted]
            deleted = [(card_id, model.owner[card_id]) for card_id in model.deleted]
        for card_id, user in live:
            status, _ = client.json("GET", f"/card/{card_id}", token=lists[user][1])
            if card_id not in present[user] or status != 200:
                lost.append(f"acknowledged create {card_id} ({user}): listed "
                            f"{card_id in present[user]}, GET /card answered {status}")
                forget(model, card_id)  # counted once
        for card_id, user in deleted:
            status, _ = client.json("GET", f"/card/{card_id}", token=lists[user][1])
            if card_id in present[user] or status != 404:
                lost.append(f"acknowledged delete {card_id} ({user}): listed "
                            f"{card_id in present[user]}, GET /card answered {status}")
                forget(model, card_id)  # counted once
        with model.lock:
            if model.reorder_unanswered:
                model.guest_order = None
                model.reorder_unanswered = False
            elif model.guest_order is not None:
                guest_ids = lists["guest"][0]
                ordered = set(model.guest_order)
                expected = [card_id for card_id in model.guest_order if card_id in present["guest"]]
                actual = [card_id for card_id in guest_ids if card_id in ordered]
                if expected != actual:
                    lost.append(f"acknowledged reorder: expected {expected}, listed {actual}")
                    model.guest_order = None  # counted once
            tokens = list(model.tokens)
            model.tokens.clear()
        for user, token in tokens:
            status, _ = client.json("GET", "/cards", token=token)
            if status != 200:
                lost.append(f"acknowledged login as {user}: its token answers {status}")
    except (*NO_ANSWER, RuntimeError) as error:
        model.error(f"check: {error}")
    finally:
        client.close()
    return lost


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    seed = int(sys.argv[2]) if len(sys.argv) == 3 else random.SystemRandom().randrange(2**32)
    print(f"seed {seed}", flush=True)
    rng = random.Random(seed)
    model = Model()
    started = time.monotonic()
    kills, lost, failed_start, last_kill = 0, [], None, ""
    with StateFolder() as state_file:
        server = Server(sys.argv[1], state_file)
        try:
            while True:
                failure = server.start()
                if failure:
                    failed_start = f"after {kills} kills: {failure}"
                    if kills:
                        print(f"{last_kill}; the server did not start again")
                    break
                if kills:
                    round_lost = verify(server.port, model)
                    lost += round_lost
                    print(f"{last_kill}; lost: {len(round_lost)}", flush=True)
                    for text in round_lost[:5]:
                        print(f"    {text}")
                if kills == KILLS or time.monotonic() - started > DRILL_SECONDS:
                    break
                killed, stop = threading.Event(), threading.Event()
                writers = [Writer(name, user, server.port, model, random.Random(rng.random()),
                                  killed, stop)
                           for name, user in (("demo-1", "demo"), ("demo-2", "demo"),
                                              ("guest", "guest"), ("logins", "demo"))]
                before = dict(model.acknowledged)
                delay = rng.uniform(*KILL_AFTER)
                for writer in writers:
                    writer.start()
                time.sleep(delay)
                killed.set()
                server.kill()
                stop.set()
                for writer in writers:
                    writer.join(60)
                kills += 1
                acknowledged = sum(model.acknowledged.values()) - sum(before.values())
                last_kill = f"  kill {kills:2d} at {delay:.2f} s: {acknowledged} writes acknowledged before it"
        finally:
            if server.alive():
                server.stop()
            own, total = state_sizes(state_file)
            files = sum(len(names) for _, _, names in os.walk(os.path.dirname(state_file)))
        counts = ", ".join(f"{count} {kind}s" for kind, count in model.acknowledged.items())
        print(f"kills: {kills} of {KILLS} (seed {seed}, in {time.monotonic() - started:.0f} s)")
        print(f"acknowledged writes: {sum(model.acknowledged.values())} ({counts})")
        print(f"lost acknowledged writes: {len(lost)} (goal: 0)")
        for text in lost[:10]:
            print(f"  {text}")
        print(f"unexpected errors: {len(model.unexpected)}")
        for text in model.unexpected[:10]:
            print(f"  {text}")
        print(f"server failed to start: {'yes, ' + failed_start if failed_start else 'never'}")
        if failed_start and server.last_lines:
            print("  the last lines the server printed before:")
            for line in list(server.last_lines)[-10:]:
                print(f"    {line}")
        print(f"state at the end: state file {mib(own)}, {files} files in its folder "
              f"({mib(total)} together)")


if __name__ == "__main__":
    main()
