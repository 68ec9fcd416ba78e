"""Two browsers and a spectator playing a match by exchanging link strings only."""

from __future__ import annotations

import base64
import datetime
import hashlib
import json
import random
import zlib

import webtabletop.games  # noqa: F401 - registers the games
from webtabletop.core.registry import get_game
from webtabletop.correspondence import NEWER, Match
from webtabletop.correspondence.data import _CRC_PREFIX, _tagged, unpack
from webtabletop.correspondence.parts import assemble, read_part, split
from webtabletop.correspondence.store import from_json, to_json
from webtabletop.fairplay.linkauth import TAG_BYTES, tag

START = datetime.date(2026, 11, 22)
LIMIT = 2000


def reread(match: Match) -> Match:
    """``match`` stored as the browser stores it (JSON text) and read back."""
    return from_json(json.loads(json.dumps(to_json(match))))


def entropy(tag: str, i: int = 0) -> bytes:
    """Deterministic stand-in for ``secrets.token_bytes(32)``: runs repeat."""
    return hashlib.sha256(f"corr-test/{tag}/{i}".encode()).digest()


class Game:
    """A played match: every link sent, in order, and the three browsers' final views."""

    def __init__(self, links: list[str], players: tuple[Match, Match], spectator: Match) -> None:
        self.links = links
        self.players = players
        self.spectator = spectator


def play(
    game_id: str,
    options=None,
    side: int = 0,
    seed: int = 0,
    days: int = 0,
    choose=None,
    each=None,
    hands=None,
) -> Game:
    """Seat 0 creates (playing ``side``), seat 1 joins from link 1, each plays its turns by
    ``choose(state, rng)`` (a random legal move by default) and sends the link; a third browser
    without a secret reads every link. One day passes per link. ``each(current, other, spectator,
    link)`` runs after every link was received. In a game with hidden cards one more link follows
    the end of the game (both secrets). ``hands``: the creator's and the joiner's hands (HTT)."""
    spec = get_game(game_id)
    rnd = random.Random(seed)
    choose = choose or (lambda state, r: r.choice(list(state.legal_moves())).code)
    today = START
    hand = {} if hands is None else {"hand": hands[0]}
    creator = Match.create(spec, options, side, entropy(f"{game_id}/a", seed), today, days=days, **hand)
    links: list[str] = []
    current, other = creator, None
    spectator = joiner = None
    while True:
        # a dice game shows this browser's dice only on its own turn; never to a spectator
        assert current.dice_unknown == (spec.reseed is not None and not current.can_move)
        assert spectator is None or spectator.dice_unknown == (spec.reseed is not None)
        while current.can_move:
            current.play(choose(current.state, rnd))
        link = carried(current.link(today))
        links.append(link)
        if spectator is None:
            spectator = Match.watch(link)
            hand = {} if hands is None else {"hand": hands[1]}
            other = joiner = Match.join(link, entropy(f"{game_id}/b", seed), today, **hand)
        else:
            assert spectator.receive(link, today) == NEWER
            assert other.receive(link, today) == NEWER
        assert not spectator.can_move and not spectator.can_send
        if each is not None:
            each(current, other, spectator, link)
        if current.complete if spec.cards is not None else current.is_over:
            break
        today += datetime.timedelta(days=1)
        current, other = other, current
    return Game(links, (creator, joiner), spectator)


ADDRESS = "https://example.github.io/webtabletop/"  # a page address, as the Share window adds


def carried(link: str) -> str:
    """``link`` as it reaches the other browser: sent as parts when it is too long for one
    message (each part within :data:`LIMIT` with the page address), the parts opened in reverse
    order, and the whole link made again from them (correspondence/parts.py)."""
    texts = split(link)
    assert all(len(ADDRESS) + len(t) < LIMIT for t in texts), [len(t) for t in texts]
    if len(texts) == 1:
        return link
    held = []
    for t in reversed(texts):
        assert assemble(held) is None
        held.append(read_part(ADDRESS + t))
    whole = assemble(held)
    assert whole == link
    return whole


def sent_texts(link: str) -> list[str]:
    """The texts a player sends for ``link`` (one, or its parts)."""
    return split(link)


def payload(link: str) -> str:
    return link.split("?x=", 1)[1]


def rebuild(link: str, change, key: bytes | None = None) -> str:
    """``link`` with its binary body passed through ``change(bytearray)`` and a fresh checksum,
    as a deliberate forger would make it (a changed byte alone already fails the checksum).
    A link with a tag keeps its old tag (a carrier of the link cannot make one), unless ``key``,
    the players' shared key, is given: then it gets a fresh tag, as a cheating *player* makes it."""
    game = link.split("/")[1]
    raw = base64.urlsafe_b64decode(payload(link) + "=" * (-len(payload(link)) % 4))
    has_tag = unpack(game, payload(link), get_game(game).rules_version).tag is not None
    body = bytearray(raw[:-4])
    old_tag = b""
    if has_tag:
        body, old_tag = body[:-TAG_BYTES], bytes(body[-TAG_BYTES:])
    change(body)
    if has_tag:
        body += tag(key, _tagged(game, bytes(body))) if key is not None else old_tag
    crc = zlib.crc32(_CRC_PREFIX + game.encode() + bytes(body)) & 0xFFFFFFFF
    text = base64.urlsafe_b64encode(bytes(body) + crc.to_bytes(4, "little")).rstrip(b"=").decode()
    return link.split("?x=", 1)[0] + "?x=" + text


def shared_key(game: Game, link: str) -> bytes:
    """The two players' shared tag key for ``link``'s data (what a cheating player holds)."""
    from webtabletop.correspondence.link import read_link

    return game.players[0].mac_key(read_link(link).data)


def kept_finding(match: Match, before: dict, exc, honest: str | None = None) -> None:
    """Required, "A proven cheat must stick": the refusal ``exc`` of a link whose tag proves
    it the friend's named the friend; ``match`` kept that finding, and nothing else changed
    (``before``: its stored document before the link); its storage reads back with the finding;
    and a later link of the friend, the ``honest`` one too, is refused."""
    import pytest

    from webtabletop.correspondence import MatchError

    assert exc.seat == 1 - match.seat and "cheated" in str(exc)
    after = to_json(match)
    assert after.pop("finding") == {"seat": exc.seat, "text": str(exc)}
    assert after == before
    assert reread(match).finding == match.finding
    assert not match.can_move and not match.can_send and not match.can_resign
    if honest is not None:
        with pytest.raises(MatchError, match="Cheating was detected"):
            match.receive(honest)
