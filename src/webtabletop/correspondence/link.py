"""Match links as text: ``#/<game>/m?x=<payload>``, decoded through the input boundary.

:func:`read_link` trusts nothing: any text gives a verified :class:`Opened` (the chains checked
against their heads, every move replayed through the rules with the beacon's dice) or raises a
:class:`~webtabletop.core.errors.GameError` with a clear translated sentence, never another
exception (:func:`webtabletop.core.inputs.guard`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from webtabletop.core.inputs import guard
from webtabletop.core.protocol import GameError, State
from webtabletop.core.registry import get_game
from webtabletop.core.sharelink import parse_hash
from webtabletop.correspondence import endings, linkorder, turns
from webtabletop.correspondence.blame import judge
from webtabletop.correspondence.data import (
    PAGE,
    PARAM,
    MatchData,
    decode,
    first_link,
    newer_version,
    pack,
    tag_verifies,
    unpack_body,
)
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.schemes import check_legacy, walk_of
from webtabletop.fairplay.errors import FairPlayError
from webtabletop.fairplay.linkauth import changed
from webtabletop.i18n import _

MAX_TEXT = 16000


@attrs.frozen
class Opened:
    """A verified match link: its content, the revealed values and the state after its last link."""

    data: MatchData
    values: turns.Values
    state: State
    number: int  # the moves as one mixed-radix number
    radix: int  # the product of the legal-move counts of every move so far
    dealt: Any = None  # a game with hidden cards: its public replay (correspondence.dealt.Dealt)
    #: a player's browser checked this link's tag: it comes from the friend exactly as sent
    verified: bool = False


@attrs.frozen
class Holder:
    """What a player's browser holds to check a received link before reading it
    (``Match.holder``): its seat, the match as held, its own chain head and link key (in every link
    of its own once sent), the tag key made with a public link key of the friend, and what it
    holds of link 1 (``data.first_link``; None when it does not hold it)."""

    seat: int
    data: MatchData
    own: tuple[bytes, bytes]
    key: Callable[[bytes], bytes]
    first: bytes | None = None

    def values(self, seat: int) -> tuple[bytes, ...]:
        """The random values that name this match's seat ``seat`` in every link it sent: its chain
        head and link key (a link of another match holds none of them)."""
        if seat == self.seat:
            return self.own
        c, k = self.data.commitments[seat], self.data.link_keys[seat]
        return tuple(v for v in (None if c is None else c.head, k) if v is not None)


def link_payload(text: str) -> str:
    """The payload of a match link's text (a full URL or its ``#/…`` part; "" when none)."""
    _game, _page, query = parse_hash(text[text.index("#") :] if "#" in text else text)
    return query.get(PARAM, "")


def make_link(data: MatchData, number: int, mac: bytes | None = None) -> str:
    """The text of the latest link of ``data`` (``number`` = its moves, from the turns module);
    ``mac``: the players' shared key, for the tag of an authenticated link from link 2 on."""
    sectioned = get_game(data.game_id).cards is not None
    return f"#/{data.game_id}/{PAGE}?{PARAM}={pack(data, (len(data.moves), number), sectioned, mac)}"


def read_link(text: str, known: Opened | None = None, holder: Holder | None = None) -> Opened:
    """The verified match in ``text`` (a full URL or its ``#/…`` part). With ``known``, a verified
    earlier link of the same match, only the moves after it are replayed when the new link starts
    with them (checked on the numbers; a link of another match falls back to a full replay).
    With ``holder`` (a player of a match whose links carry tags), the tag is checked first of all: a
    link changed after it was sent is refused as such before any of it is used. A fair-play
    refusal names a seat only where the link is provably that seat's (``blame``)."""
    # every GameError keeps its class (a ChainRefused stays a fair-play refusal); anything
    # else that escapes becomes a GameError naming the match link
    return guard(lambda: _read(text, known, holder), GameError, _("the match link"))


def _tag_first(spec, body: bytes, h: Holder) -> bool:
    """Check a received link's tag before anything else is used: True when it holds. False when
    there is no tag to check: link 1 (its copy, checked against what this browser holds of it), or
    a link of another match (none of this match's random values in it: read, and refused, as
    such). Raises ``LinkRefused`` ("changed after it was sent") for every other link whose tag
    fails: a link that holds a random value of this match is this match's, and a change made on
    its way, to any byte (the version bytes, the layout, the keys...), cannot make its tag again.
    A link of a second joiner of the same link 1 (seat 0's values, another seat 1's) is told apart
    by its own tag where this browser can check it (the creator), else said neutrally (a joiner
    cannot tell it from a change). The body is read by this version's layout whatever its version
    bytes say (``unpack_body(layout_of=…)``), only to find the keys and the tag."""
    held = h.data
    friend = held.link_keys[1 - h.seat]
    if friend is not None and tag_verifies(spec.id, body, h.key(friend)):
        return True
    seat0 = any(v in body for v in h.values(0))
    seat1 = any(v in body for v in h.values(1))
    if not (seat0 or seat1):
        return False  # a link of another match
    try:
        u = unpack_body(spec.id, body, spec.rules_version, layout_of=spec.cards is not None)
    except GameError:  # unreadable (a malformed commitment is a ChainRefused): changed
        raise changed() from None
    first_answer = h.seat == 0 and held.link_keys[1] is None and u.links >= 2
    if seat1 or first_answer:  # this match's link, from link 2 on: its tag must hold
        key = friend or u.data.link_keys[1 - h.seat]
        if u.tag is None or key is None or not tag_verifies(spec.id, body, h.key(key)):
            raise changed()
        return True
    if u.links == 1:  # link 1 again (it has no tag): the one this browser holds, byte for byte
        if u.tag is None and (h.first is None or first_link(spec.id, body) == h.first):
            return False
        raise changed()
    # seat 0's values, another seat 1's: an answer to the same link 1 from someone else
    if (
        h.seat == 0
        and u.data.link_keys[1] is not None
        and tag_verifies(spec.id, body, h.key(u.data.link_keys[1]))
    ):
        raise linkorder.second_joiner(u.data, 0)
    if h.seat == 0:
        raise changed()
    raise MatchError(
        _(
            "This link does not continue your game: it was changed on its way, or it belongs to a game that someone else started from the same invitation. Your game is unchanged."
        )
    )


def _read(text: str, known: Opened | None, holder: Holder | None) -> Opened:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise MatchError(_("This is not a match link, or it was cut or changed when it was copied."))
    text = text.strip()
    if "#" in text:
        text = text[text.index("#") :]
    game, page, query = parse_hash(text)
    if page != PAGE or PARAM not in query:
        raise MatchError(_("This is not a match link, or it was cut or changed when it was copied."))
    try:
        spec = get_game(game)
    except Exception:  # noqa: BLE001 - an unknown game name from outside
        raise MatchError(_("This match link names a game this app does not have.")) from None
    body = decode(spec.id, query[PARAM])
    # a player checks the tag before reading anything else, the version bytes included, so any
    # change made on the link's way is refused as such, whatever field it touched
    verified = holder is not None and _tag_first(spec, body, holder)
    try:
        u = unpack_body(spec.id, body, spec.rules_version)
        if u.sectioned != (spec.cards is not None):
            raise MatchError(_("The match link is damaged."))
    except (MatchError, FairPlayError):
        # "newer version" only when the tag held, or could not be checked
        if holder is not None and not verified and not newer_version(body, spec.rules_version):
            raise changed() from None
        raise
    try:
        return _open(spec, u, known, verified)
    except FairPlayError as exc:
        raise judge(exc, u.data, verified, None if holder is None else holder.seat) from None


def _open(spec, u, known: Opened | None, verified: bool) -> Opened:
    """The checked content of an unpacked link: chains, ending, and the replay of every move."""
    check_legacy(spec, u.data.authenticated)
    data, n, count, number = u.data, u.links, u.count, u.number
    data = attrs.evolve(data, links=((),) * n)  # the number of links (the moves come below)
    options = spec.options_from_dict(data.options)
    values = turns.verify_chains(spec, options, data)
    if data.ending is not None:
        allows = bool(getattr(spec, "agreed_draws", False))
        endings.check(data, (count, number), data.ending, allows, hidden=spec.cards is not None)
    if spec.cards is not None:
        replay = walk_of(spec)(spec, data, values, number, count)
        return Opened(
            attrs.evolve(data, links=replay.links),
            values,
            replay.state,
            number,
            replay.radix,
            replay,
            verified,
        )
    hint = None
    if (
        known is not None
        and known.data.game_id == data.game_id
        and known.data.key() == data.key()
        and known.data.commitments[1] in (None, data.commitments[1])
    ):
        k = known.data
        hint = (k.links, known.state, len(k.moves), known.number, known.radix)
    links, walked, number = turns.decode_moves(spec, data, values, count, number, hint)
    return Opened(attrs.evolve(data, links=links), values, walked.state, number, walked.radix, None, verified)
