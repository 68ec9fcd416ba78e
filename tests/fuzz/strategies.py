"""Shared pieces of the decoder fuzz tests: valid inputs of every game to mutate, JSON values
(including what only Python's json accepts: NaN, Infinity, huge and deep values) and a timer.

Every decoder must answer within :data:`LIMIT` seconds, raise nothing but a GameError, and
write nothing when it refuses its input.
"""

from __future__ import annotations

import base64
import random
import time
import zlib
from contextlib import contextmanager

from hypothesis import strategies as st

from webtabletop.core import sharelink
from webtabletop.core.record import Record
from webtabletop.core.registry import PLAYABLE, get_game

#: the most CPU time an answer may take (seconds of this process's CPU, ``time.process_time``:
#: other jobs on a loaded machine do not count, so the check catches a slow decoder, not a busy box)
LIMIT = 1.0
#: per-example deadline for hypothesis (ms, wall clock): only a guard against a hang, far above
#: LIMIT, so that a loaded machine never fails an example (the lead suite once failed at 2.06 s
#: of wall clock under a load average of 60)
DEADLINE = 60_000
GAMES = PLAYABLE


def played(game: str, seed: int, plies: int) -> Record:
    """A record of ``plies`` random legal moves (fewer if the game ends), built through the rules."""
    spec = get_game(game)
    rng = random.Random(seed)
    state, codes = spec.start(None, seed), []
    while not state.is_over and len(codes) < plies:
        move = rng.choice(list(state.legal_moves()))
        codes.append(move.code)
        state = state.apply(move)
    return Record(game, {}, seed, tuple(codes))


#: (game, payload) of valid links: an empty game and some played ones per game
VALID_LINKS = [
    (g, sharelink.encode(played(g, seed, plies))) for g in GAMES for seed, plies in ((1, 0), (2, 6), (3, 40))
]


def checksummed(game: str, body: bytes) -> str:
    """A payload with a correct checksum around ``body`` (reaches past the checksum check)."""
    crc = zlib.crc32(game.encode() + body) & 0xFFFFFFFF
    return base64.urlsafe_b64encode(body + crc.to_bytes(4, "little")).rstrip(b"=").decode()


def raw_body(payload: str) -> bytes:
    return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))[:-4]


@st.composite
def mutated_links(draw) -> tuple[str, str]:
    """A valid link of some game with a few bytes changed, cut, or added; most are given a
    correct checksum again so that the mutation reaches the options, counts and moves."""
    game, payload = draw(st.sampled_from(VALID_LINKS))
    body = bytearray(raw_body(payload))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["set", "cut", "insert", "bit"]))
        pos = draw(st.integers(0, max(0, len(body) - 1)))
        if op == "set" and body:
            body[pos] = draw(st.integers(0, 255))
        elif op == "bit" and body:
            body[pos] ^= 1 << draw(st.integers(0, 7))
        elif op == "cut":
            del body[pos:]
        else:
            body[pos:pos] = draw(st.binary(min_size=1, max_size=8))
    if draw(st.integers(0, 9)) == 0:
        return game, base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode()
    return game, checksummed(game, bytes(body))


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["²", "٣", "1e999", "9" * 5000, "-0", " 7 ", "true", "NaN"])
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
#: JSON text fragments only Python's json reads, and shapes no document has
odd_json = st.sampled_from(
    ["NaN", "Infinity", "-Infinity", "1e999", "[" * 3000 + "]" * 3000, "9" * 5000, '"²"']
)


def options_for(game: str):
    """Option dicts with the game's own names (and some unknown ones) and any values."""
    import attrs

    names = [f.name for f in attrs.fields(get_game(game).options_class)]
    return st.dictionaries(st.sampled_from(names) | st.text(max_size=6), json_values, max_size=3)


@contextmanager
def within_limit(what: str):
    t0 = time.process_time()
    yield
    seconds = time.process_time() - t0
    assert seconds < LIMIT, f"{what} took {seconds:.2f} s of CPU"
