"""A carrier's edit campaign against match links 2 and later: the links of real
matches of the five games, each edited one byte or one bit at a time, and what the browser that
receives each edited link says.

"Every refused carrier edit says 'changed'. 371 of 68,103 edits got another sentence: a flipped
format byte, or a parse that loses both keys, skips the tag check."

:func:`targets` plays one match per game through the project's match code (``helpers.play``) and
keeps, for every link from link 2 (and a resignation and its answer in a game with hidden cards),
the stored documents of the browser that receives it and of the one that sent it, as they were
just before it arrived. :func:`edits` lists the edits of one link (deterministic), :func:`edited`
makes one (the link's checksum made again, as a deliberate carrier does; a change of the tag's
own bytes too), :func:`outcome` says what a browser answered. The test
(``test_edit_campaign.py``) runs a bounded sample, ``benchmarks/link_edits.py`` every edit.
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import random
import zlib
from collections.abc import Iterator

import attrs

from webtabletop.core.errors import GameError
from webtabletop.correspondence import Match
from webtabletop.correspondence.store import from_json, to_json
from webtabletop.fairplay.linkauth import LinkRefused

from .helpers import payload, play
from .test_htt import keen

#: the sentence every refused carrier edit must give ("changed after it was sent"; a link whose
#: checksum no longer holds: "cut or changed when it was copied")
CHANGED = "changed"
GAMES = {
    "tsifrograd": ({"radius": 2}, 0, 81),
    "dumaraj": ({}, 1, 82),
    "sht": ({}, 0, 83),
    "htt": ({}, 1, 84),
    "cardgo": ({"size": 5}, 0, 85),
}


@attrs.frozen
class Target:
    """One link in transit, and the documents of its receiver and its sender just before it
    arrived (a carrier may hand an edited link to either)."""

    game: str
    number: int
    link: str
    receiver: dict
    sender: dict
    what: str = "link"


def targets(game: str, upto: int | None = None) -> list[Target]:
    """Every link from link 2 of one match of ``game`` (up to link ``upto``), and in a game with
    hidden cards a resignation at link 6 and its answer."""
    options, side, seed = GAMES[game]
    out: list[Target] = []
    docs: dict[int, tuple[dict, dict]] = {}

    def each(current, other, spectator, link):
        n = current.data.count
        # the receiver of link n + 1 is `current` (the sender of link n), the sender is `other`
        docs[n + 1] = (to_json(current), to_json(other))
        if n >= 2 and n in docs:
            receiver, sender = docs[n]
            out.append(Target(game, n, link, receiver, sender))
        if upto is not None and n >= upto:
            raise Enough

    with contextlib.suppress(Enough):
        play(game, options, side, seed, each=each, choose=keen if game == "htt" else None)
    if game in ("sht", "htt", "cardgo"):
        out += _resignation(game, docs)
    return out


class Enough(Exception):
    pass


def _resignation(game: str, docs: dict[int, tuple[dict, dict]]) -> list[Target]:
    """A resignation on link 6 by the player who received it, and the other's answer."""
    sent, received = docs[7]  # after link 6: the documents of its sender and of its receiver
    resigner, friend = from_json(received), from_json(sent)
    day = datetime.date.fromordinal(resigner.data.date)
    resign = resigner.resign(day)
    before_friend = to_json(friend)
    friend.receive(resign, day)
    answer = friend.link(day)
    return [
        Target(game, 6, resign, before_friend, to_json(resigner), "resignation"),
        Target(game, 6, answer, to_json(resigner), to_json(friend), "answer to a resignation"),
    ]


def body_of(link: str) -> bytes:
    raw = base64.urlsafe_b64decode(payload(link) + "=" * (-len(payload(link)) % 4))
    return raw[:-4]


def edited(link: str, at: int, value: int, xor: bool = True) -> str:
    """``link`` with byte ``at`` of its body (tag included) xored with (or set to) ``value``, and
    its checksum made again."""
    game = link.split("/")[1]
    body = bytearray(body_of(link))
    body[at] = body[at] ^ value if xor else value
    crc = zlib.crc32(b"webtabletop-match/" + game.encode() + bytes(body)) & 0xFFFFFFFF
    text = base64.urlsafe_b64encode(bytes(body) + crc.to_bytes(4, "little")).rstrip(b"=").decode()
    return link.split("?x=", 1)[0] + "?x=" + text


def edits(link: str, budget: int | None, rnd: random.Random, systematic: bool = True) -> Iterator[tuple[int, int, bool]]:
    """(position, value, xor) of the edits of ``link``: with no ``budget``, every bit of every byte
    flipped and every byte set to four other values. Else, with ``systematic``, every byte of the
    first 64 (versions, options, flags, counts, dates, chain heads, keys) with one bit flipped and
    set to 0, 1 and 255 (a length or count of 0 or 1), and every byte of the tag with one bit
    flipped; then ``budget`` edits drawn at random."""
    n = len(body_of(link))
    if budget is None:
        for at in range(n):
            for bit in range(8):
                yield at, 1 << bit, True
            for value in rnd.sample(range(256), 4):
                yield at, value, False
        return
    if systematic:
        for at in range(min(64, n)):
            yield at, 1 << rnd.randrange(8), True
            for value in (0x00, 0x01, 0xFF):
                yield at, value, False
        for at in range(max(64, n - 14), n):
            yield at, 1 << rnd.randrange(8), True
    for _i in range(budget):
        if rnd.random() < 0.5:
            yield rnd.randrange(n), 1 << rnd.randrange(8), True
        else:
            yield rnd.randrange(n), rnd.randrange(256), False


def outcome(browser: Match, link: str) -> str:
    """``"changed"`` when ``browser`` refuses ``link`` as changed after it was sent; ``"taken"``
    when it takes it; else the sentence it gave."""
    try:
        browser.receive(link)
    except LinkRefused:
        return CHANGED
    except GameError as exc:
        return str(exc)
    return "taken"


def run(target: Target, budget: int | None, seed: int = 0, systematic: bool = True) -> dict[str, int]:
    """Every edit of ``edits`` of the target's link, handed to its receiver and to its sender (a
    carrier may send it back): how many got each answer. Checks that neither browser changed."""
    counts: dict[str, int] = {}
    original = body_of(target.link)
    for doc in (target.receiver, target.sender):
        browser = from_json(doc)
        before = to_json(browser)
        for at, value, xor in edits(target.link, budget, random.Random(seed), systematic):
            if not xor and original[at] == value:
                continue  # not an edit
            said = outcome(browser, edited(target.link, at, value, xor))
            counts[said] = counts.get(said, 0) + 1
        assert to_json(browser) == before, (target.game, target.number, target.what)
    return counts
