"""A fuzzing campaign against the app shell (not part of the test suite; minutes, not seconds).

    python -m benchmarks.fuzz_campaign [--links 10000] [--docs 3000] [--imports 1500] [--seed 1]

Through :class:`webtabletop.app.shell.app.App`, driven like web/main.py drives it (writes applied in
order, removals only once their copy exists), it runs:

- per game, ``--links`` share links opened as the first URL of a page that has saved games:
  random text, mutated valid links (most given a correct checksum again, so the mutation reaches
  the options, counts and moves) and links with crafted options behind a valid checksum;
- ``--docs`` corrupted storage documents (settings, saved games, last-game pointers, the HTT
  collection: cut, bit-flipped, odd numbers, future versions, wrong schemas), each followed by
  several starts of the app on the storage left by the previous one;
- ``--imports`` mutated backup files imported on the "Your data" page, each followed by a start;
- 20 reloads with a corrupt settings document and a bad saved game.

It counts crashes (an exception out of ``App.handle``: anything but a screen, an error page or a
toast), answers over 1 s, data lost (a key whose value changed or vanished with no copy of its
old value kept aside or backed up; ``last:`` pointers excluded, they only name a slot), set-aside
growth on reloads that changed nothing, links that opened although their payload is not the
one the app would write (``noncanonical``), and random text not told "not a webtabletop link";
and prints one JSON line.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import sys
import time
import traceback
from typing import Any

from tests.fuzz.strategies import checksummed, played  # the fuzz tests' own input makers
from webtabletop.app.model.saves import LAST_PREFIX
from webtabletop.app.shell.app import App
from webtabletop.core import sharelink, storage
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.core.sharelink import NOT_A_LINK, _varint

SLOW = 1.0
ODD = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    '"²"',
    "9" * 5000,
    "[" * 3000 + "]" * 3000,
    "null",
    "[]",
    "{}",
    '"x"',
]


class Stats:
    def __init__(self) -> None:
        self.runs = self.crashes = self.slow = self.lost = 0
        self.max_ms = 0.0
        self.samples: list[str] = []
        self.extra: dict[str, int] = {}

    def bump(self, name: str, n: int = 1) -> None:
        self.extra[name] = self.extra.get(name, 0) + n

    def json(self) -> dict[str, Any]:
        return {
            "runs": self.runs,
            "crashes": self.crashes,
            "slow_over_1s": self.slow,
            "max_ms": round(self.max_ms, 1),
            "data_lost": self.lost,
            **self.extra,
            **({"samples": self.samples[:5]} if self.samples else {}),
        }


def send(app: App, action: dict[str, Any], store: dict[str, str], stats: Stats) -> dict[str, Any] | None:
    """One action, applied to ``store`` like web/main.py applies it; None if it crashed."""
    action.setdefault("now", 1_790_000_000_000.0)
    stats.runs += 1
    t0 = time.perf_counter()
    try:
        resp = app.handle(action)
        json.dumps(resp)
    except Exception as exc:  # noqa: BLE001 - what the campaign counts
        stats.crashes += 1
        stats.samples.append(f"{type(exc).__name__}: {str(exc)[:120]} <- {json.dumps(action)[:160]}")
        if len(stats.samples) == 1:
            traceback.print_exc(file=sys.stderr)
        return None
    seconds = time.perf_counter() - t0
    stats.max_ms = max(stats.max_ms, seconds * 1000)
    if seconds > SLOW:
        stats.slow += 1
        stats.samples.append(f"slow {seconds:.2f} s <- {json.dumps(action)[:160]}")
    for w in resp["writes"]:
        store[w["key"]] = w["value"]
    for r in resp.get("removes", []):
        if r["kept_as"] is None or store.get(r["kept_as"]) == store.get(r["key"]):
            store.pop(r["key"], None)
    return resp


def start(store: dict[str, str], fragment: str, stats: Stats, entropy: int = 1) -> tuple[App, dict | None]:
    app = App()
    resp = send(
        app, {"type": "start", "hash": fragment, "storage": dict(store), "entropy": entropy}, store, stats
    )
    return app, resp


def lost_keys(before: dict[str, str], after: dict[str, str], deleted_ok: set[str] = frozenset()) -> list[str]:
    """Keys of ``before`` whose value changed or vanished with no copy of it kept anywhere."""
    copies = {v for k, v in after.items() if k.startswith((storage.ASIDE, storage.BACKUP))}
    out = []
    for key, value in before.items():
        if key.startswith(LAST_PREFIX) or key in deleted_ok or after.get(key) == value:
            continue
        if value not in copies:
            out.append(key)
    return out


# --- inputs ----------------------------------------------------------------------------------
def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    body = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        pos = rng.randrange(max(1, len(body)))
        op = rng.choice("sbci")
        if op == "s" and body:
            body[pos] = rng.randrange(256)
        elif op == "b" and body:
            body[pos] ^= 1 << rng.randrange(8)
        elif op == "c":
            del body[pos:]
        else:
            body[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(body)


def mutate_text(rng: random.Random, text: str) -> str:
    if rng.random() < 0.5:
        return mutate_bytes(rng, text.encode()).decode("utf-8", "replace")
    pos = rng.randrange(len(text) + 1)
    return text[:pos] + rng.choice(ODD) + text[pos + rng.randint(0, 6) :]


def link_case(rng: random.Random, game: str, pool: list[str]) -> tuple[str, str]:
    """(kind, payload) of one link to try."""
    roll = rng.random()
    if roll < 0.2:
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        return "random", "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 200)))
    if roll < 0.3:
        name = rng.choice(["radius", "x", "size", "hand0", "board"])
        options = ('{"' + name + '":' + rng.choice(ODD) + "}").encode()[:4000]
        body = (
            bytes([2])
            + _varint(1)
            + _varint(rng.getrandbits(64))
            + _varint(len(options))
            + options
            + _varint(0)
        )
        return "options", checksummed(game, body)
    payload = rng.choice(pool)
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    body = mutate_bytes(rng, raw[:-4])
    if rng.random() < 0.1:
        return "mutated-raw", base64.urlsafe_b64encode(body + raw[-4:]).rstrip(b"=").decode()
    return "mutated", checksummed(game, body)


def base_store(seed: int) -> dict[str, str]:
    """Storage with one saved game per game (through the app itself) and settings."""
    store: dict[str, str] = {}
    stats = Stats()
    for i, game in enumerate(PLAYABLE):
        app, _resp = start(store, f"#/{game}/play?vs=human", stats, entropy=seed + i)
        for _ in range(6):
            s = app.state.session
            if s is None or s.state.is_over:
                break
            send(app, {"type": "move", "code": s.state.legal_moves()[0].code}, store, stats)
    app, _resp = start(store, "#/tsifrograd/new", stats)
    send(app, {"type": "form", "name": "new-game", "data": {"player1": "ai", "level": "easy"}}, store, stats)
    assert stats.crashes == 0, stats.samples
    return store


# --- campaigns -------------------------------------------------------------------------------
def links_campaign(n: int, seed: int, games: tuple[str, ...] = PLAYABLE) -> dict[str, Any]:
    out = {}
    store0 = base_store(seed)
    for game in games:
        rng = random.Random(f"{seed}-{game}")
        pool = [sharelink.encode(played(game, s, p)) for s in range(4) for p in (0, 3, 15, 60, 10_000)]
        stats = Stats()
        for _ in range(n):
            kind, payload = link_case(rng, game, pool)
            store = dict(store0)
            app, resp = start(store, f"#/{game}?r={payload}", stats, entropy=rng.getrandbits(32))
            if resp is None:
                continue
            if lost_keys(store0, store):
                stats.lost += 1
            if resp["route"] == "game":
                stats.bump("opened")
                try:
                    again = sharelink.encode(app.state.session.history.record)
                except Exception:  # noqa: BLE001
                    again = None
                body = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
                if body[0] == 1:  # format 1
                    stats.bump("opened_format_1")  # re-encoded in today's format 2: not comparable
                elif body[1] < get_game(game).rules_version:
                    # marked as made under older rules: opened as far as today's rules follow it and
                    # written again as a link of today's rules, so not comparable either
                    stats.bump("opened_older_rules")
                elif again != payload:
                    stats.bump("noncanonical")
            else:
                stats.bump("refused")
                if resp["writes"]:
                    stats.bump("wrote_on_refusal")
                if kind == "random" and NOT_A_LINK not in resp["html"]:
                    stats.bump("random_not_told_not_a_link")
                if "version of webtabletop" in resp["html"] and kind in ("random", "mutated-raw"):
                    stats.bump("wrong_version_message")
        out[game] = stats.json()
    return out


DOC_KINDS = ("settings", "game", "last", "htt")


def corrupt(rng: random.Random, store: dict[str, str]) -> str:
    """Corrupt one document of ``store`` in place; returns its key."""
    keys = [k for k in store if not k.startswith((storage.ASIDE, storage.BACKUP))]
    key = rng.choice(keys + [storage.PREFIX + "settings", "webtabletop:htt:collection"])
    raw = store.get(key, '{"schema":"settings","version":1,"data":{}}')
    roll = rng.random()
    if roll < 0.15:
        try:
            doc = json.loads(raw)
        except (ValueError, RecursionError):
            doc = {}
        if not isinstance(doc, dict):
            doc = {}
        doc["version"] = rng.choice([2, 9, 0, -1, "1", None, 1.5])
        store[key] = json.dumps(doc)
    elif roll < 0.25:
        store[key] = json.dumps(
            {"schema": rng.choice(["saved-game", "settings", "x"]), "version": 1, "data": None}
        )
    else:
        store[key] = mutate_text(rng, raw)
    return key


def storage_campaign(n: int, seed: int, reloads: int = 4) -> dict[str, Any]:
    rng = random.Random(seed)
    stats = Stats()
    store = base_store(seed)
    starts = growth = 0
    for _ in range(n):
        key = corrupt(rng, store)
        before = dict(store)
        fragment = rng.choice([f"#/{g}" for g in PLAYABLE] + ["#/", "#/data", "#/htt/collection"])
        start(store, fragment, stats, entropy=rng.getrandbits(32))
        starts += 1
        if lost_keys(before, store):
            stats.lost += 1
            stats.samples.append(f"lost after corrupting {key}: {lost_keys(before, store)}")
        for _ in range(reloads):
            count = len(storage.aside_keys(store))
            start(store, fragment, stats, entropy=rng.getrandbits(32))
            starts += 1
            if len(storage.aside_keys(store)) > count:
                growth += 1
        if len(store) > 400 or rng.random() < 0.05:  # a fresh browser now and then
            store = base_store(rng.getrandbits(16))
    return {**stats.json(), "starts": starts, "aside_growth_on_reload": growth}


def imports_campaign(n: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    stats = Stats()
    store0 = base_store(seed)
    backup = json.loads(storage.export_all(store0, "campaign"))
    accepted = refused = bad_after = 0
    for _ in range(n):
        data = json.loads(json.dumps(backup))
        docs = data["documents"]
        benign = rng.random() < 0.25
        if benign:  # changes that keep the file valid: drop, copy or add entries
            key = rng.choice(sorted(docs))
            if key.startswith(storage.PREFIX + "game:") and rng.random() < 0.5:
                docs[f"{key}x{rng.randrange(99)}"] = docs[key]
            elif rng.random() < 0.5:
                docs.pop(key)
            docs[f"{storage.ASIDE}campaign:{rng.randrange(99)}"] = mutate_text(rng, "anything at all")
        for _ in range(0 if benign and rng.random() < 0.7 else rng.randint(1, 3)):
            key = rng.choice(
                sorted(docs) + ["webtabletop:x", "webtabletop:game:sht:zz", "webtabletop:settings"]
            )
            docs[key] = mutate_text(rng, docs.get(key, "{}"))
        text = json.dumps(data) if rng.random() < 0.8 else mutate_text(rng, json.dumps(data))
        store = dict(store0)
        app, _resp = start(store, "#/data", stats)
        before = dict(store)
        resp = send(app, {"type": "import", "text": text, "name": "f.json"}, store, stats)
        if resp is None:
            continue
        if lost_keys(before, store):
            stats.lost += 1
        if store == before:
            refused += 1
            continue
        accepted += 1
        count = len(storage.aside_keys(store))
        for game in PLAYABLE:  # what was accepted opens without being set aside
            start(store, f"#/{game}", stats)
        if len(storage.aside_keys(store)) > count:
            bad_after += 1
    return {
        **stats.json(),
        "accepted": accepted,
        "refused": refused,
        "accepted_but_set_aside_later": bad_after,
    }


def reload_campaign() -> dict[str, Any]:
    stats = Stats()
    bad_game = json.dumps(
        {
            "schema": "saved-game",
            "version": 1,
            "data": {
                "record": {"format": "webtabletop-record", "version": 1, "game": "tsifrograd", "options": {"radius": "²"}, "seed": 1, "moves": []},
                "cursor": 0,
                "players": {"kinds": ["human", "ai"]},
                "clock": None,
                "updated": 1,
            },
        }
    )  # fmt: skip
    store = {
        storage.PREFIX + "settings": "{corrupt",
        storage.PREFIX + "game:tsifrograd:bad": bad_game,
        storage.PREFIX + "last:tsifrograd": '{"schema":"last-game","version":1,"data":{"slot":"bad"}}',
    }
    counts, notices = [], []
    for _ in range(20):
        app, _resp = start(store, "#/tsifrograd", stats)
        counts.append(len(storage.aside_keys(store)))
        notices.append(len(app.state.notices))
    return {"aside_counts": counts, "notices": notices, "crashes": stats.crashes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=10_000, help="links per game")
    parser.add_argument("--docs", type=int, default=3_000)
    parser.add_argument("--imports", type=int, default=1_500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(PLAYABLE), help="games of the link campaign")
    parser.add_argument("--parts", default="links,storage,imports,reloads", help="which campaigns to run")
    args = parser.parse_args(argv)
    games = tuple(g for g in args.games.split(",") if g in PLAYABLE)
    parts = set(args.parts.split(","))
    t0 = time.perf_counter()
    result: dict[str, Any] = {}
    for name, run in (
        ("links", lambda: links_campaign(args.links, args.seed, games)),
        ("storage", lambda: storage_campaign(args.docs, args.seed)),
        ("imports", lambda: imports_campaign(args.imports, args.seed)),
        ("reloads", reload_campaign),
    ):
        if name not in parts:
            continue
        result[name] = run()
        print(f"{name}: {json.dumps(result[name])}", file=sys.stderr, flush=True)  # progress
    result["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
