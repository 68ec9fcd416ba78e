"""Measure match-link lengths: random full games by link, the longest link at any point.

Usage: .venv/bin/python benchmarks/match_links.py [games per setting] [--cards]
Prints, per game and options, the longest link over all games and points, the number of links of
the longest game, and a worst-case bound for a game at the ply cap (header + the cap times the
largest bits per move seen). English output (a developer tool).
"""

from __future__ import annotations

import math
import sys
import time

sys.path.insert(0, ".")

from tests.correspondence.helpers import play  # noqa: E402
from webtabletop.core.registry import get_game  # noqa: E402
from webtabletop.correspondence.link import read_link  # noqa: E402
from webtabletop.correspondence.parts import MAX_CHARS, split  # noqa: E402
from webtabletop.games.dumaraj.rules.options import PRESETS  # noqa: E402

SETTINGS = [
    ("tsifrograd", {}),
    ("tsifrograd", {"radius": 6}),
    ("tsifrograd", {"variant": "proximity", "radius": 6}),
    ("tsifrograd", {"board": "square", "width": 12, "height": 12}),
    ("dumaraj", {}),
    *(("dumaraj", options) for options in PRESETS.values()),
]
CARD_SETTINGS = [
    ("sht", {}),
    ("sht", {"first_player": "first", "first_turn_rule": False}),
    ("htt", {}),
    ("htt", {"open": True}),
    ("htt", {"board": "hex19", "same": True, "plus": True, "combo": True, "wall": "wall", "matter": True}),
    ("cardgo", {}),
    ("cardgo", {"size": 19}),
    ("cardgo", {"size": 19, "hand_size": 10, "start_time": 300}),
]


def hands(game_id: str, options: dict, seed: int):
    """HTT: both players' hands (cards of different levels; inline codes, the longest references)."""
    if game_id != "htt":
        return None
    import random

    from webtabletop.games.htt.rules.cards import inline_code
    from webtabletop.games.htt.rules.sets.library import pool_by_level

    pool = pool_by_level("all", 1, 11)
    n = 10 if options.get("board") == "hex19" else 5
    rnd = random.Random(seed)
    return tuple(tuple(inline_code(rnd.choice(pool[lv])) for lv in rnd.sample(sorted(pool), n)) for _ in "ab")


def cautious(state, rnd):
    """Random legal moves that attack rarely: long card games (the longest links)."""
    moves = [m.code for m in state.legal_moves()]
    calm = [c for c in moves if not c.startswith("a:") and c not in ("draw", "accept")]
    return rnd.choice(calm if calm and rnd.random() < 0.9 else moves)


def cards(games: int) -> None:
    """Card games: the longest link (dealing links 1-3 apart; SHT's first two go as parts of at
    most ``parts.MAX_CHARS``: how many), links per game, seconds per link (both browsers and a
    spectator: making, reading and checking every link, CPython)."""
    for game_id, options in CARD_SETTINGS:
        deal = later = links = keys = parts = 0
        bits = 0.0
        seconds = []
        for seed in range(games):
            for choose in (None, cautious):
                t0 = time.perf_counter()
                g = play(
                    game_id, options, seed % 2, seed=seed, choose=choose, hands=hands(game_id, options, seed)
                )
                seconds.append((time.perf_counter() - t0) / len(g.links))
                deal = max(deal, *(len(x) for x in g.links[:3]))
                parts = max(parts, *(len(split(x)) for x in g.links))  # a long link goes as parts
                later = max(later, *(len(x) for x in g.links[3:]))
                links = max(links, len(g.links))
                opened = read_link(g.links[-1])
                bits = max(bits, math.log2(opened.radix) / max(1, len(opened.data.moves)))
                # the most shares and claims one link carried (deal v3: shares and claims)
                shares = getattr(opened.dealt, "shares", [()])
                named = getattr(opened.dealt, "named", [()] * len(shares))
                keys = max(keys, *(len(a) + len(b) for a, b in zip(shares, named, strict=False)))
        spec = get_game(game_id)
        cap = spec.ply_cap(spec.options_from_dict(options))
        # the header of a later link (without moves), the moves at the cap, the most shares seen
        # (21 bytes each with its sign bit) and two 40-byte proofs
        header = len(g.links[-1]) - math.ceil(math.log2(max(2, opened.radix)) / 6) - 86
        bound = header + math.ceil(cap * bits / 6) + math.ceil((keys * 21 + 80) * 4 / 3) + 2
        # a dealt deck (SHT) can run to its cap; HTT's board fills in a few moves, so its longest
        # link is already among those measured (the last one, with every card placed)
        at_cap = f" -> a link at the cap ({cap} plies) about {bound} chars" if keys else ""
        print(
            f"{game_id} {options}: links 1-3 up to {deal} chars (at most {parts} parts of {MAX_CHARS}), "
            f"later links up to {later} chars, "
            f"most links {links}, {bits:.2f} bits/move, up to {keys} shares and claims in a link{at_cap}; "
            f"{sum(seconds) / len(seconds) * 1000:.0f} ms per link (3 browsers)"
        )


def main(games: int) -> None:
    for game_id, options in SETTINGS:
        spec = get_game(game_id)
        longest = links = 0
        bits = 0.0
        for seed in range(games):
            g = play(game_id, options, seed % 2, seed=seed)
            longest = max(longest, max(len(x) for x in g.links))
            links = max(links, len(g.links))
            # the widest legal-move list met: bits per move in the worst case seen
            opened = read_link(g.links[-1])
            bits = max(bits, math.log2(opened.radix) / max(1, len(opened.data.moves)))
        cap = spec.ply_cap(spec.options_from_dict(options))
        header = len(g.links[-1]) - math.ceil(math.log2(max(2, read_link(g.links[-1]).radix)) / 6)
        bound = header + math.ceil(cap * bits / 6) + 2
        print(
            f"{game_id} {options}: longest link {longest} chars, most links {links}, cap {cap} plies, "
            f"{bits:.2f} bits/move -> at the cap about {bound} chars"
        )


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    if "--cards" in sys.argv:
        cards(n)
    else:
        main(n)
