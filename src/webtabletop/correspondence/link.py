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
from webtabletop.correspondence import endings, turns
from webtabletop.correspondence.data import (
    PAGE,
    PARAM,
    MatchData,
    decode,
    newer_version,
    pack,
    tag_verifies,
    unpack_body,
)
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.linkorder import same_match
from webtabletop.correspondence.schemes import check_legacy, walk_of
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


#: gives the players' shared key for a link's data, or (given None) the key this browser already
#: holds; None: this browser cannot check the tag (see :meth:`Match.mac_key`)
MacKey = Callable[[MatchData | None], "bytes | None"]


def make_link(data: MatchData, number: int, mac: bytes | None = None) -> str:
    """The text of the latest link of ``data`` (``number`` = its moves, from the turns module);
    ``mac``: the players' shared key, for the tag of an authenticated link from link 2 on."""
    sectioned = get_game(data.game_id).cards is not None
    return f"#/{data.game_id}/{PAGE}?{PARAM}={pack(data, (len(data.moves), number), sectioned, mac)}"


def read_link(text: str, known: Opened | None = None, mac: MacKey | None = None) -> Opened:
    """The verified match in ``text`` (a full URL or its ``#/…`` part). With ``known``, a verified
    earlier link of the same match, only the moves after it are replayed when the new link starts
    with them (checked on the numbers; a link of another match falls back to a full replay).
    With ``mac`` (a player of a match whose links carry tags), the tag is checked first of all: a
    link changed after it was sent is refused as such before any of it is used."""
    # every GameError keeps its class (a ChainRefused stays a fair-play refusal); anything
    # else that escapes becomes a GameError naming the match link
    return guard(lambda: _read(text, known, mac), GameError, _("the match link"))


def _tag_first(spec, body: bytes, mac: MacKey, known: Opened | None) -> bool:
    """Check a received link's tag before anything else is used: True when it holds; False
    when there is no tag to check (link 1 has none) or this browser cannot check it (a link of
    another match or of a second joiner, refused as such later; a link whose layout it cannot
    read while it holds no key yet). Raises ``LinkRefused`` ("changed after it was sent") when
    the tag can be checked and fails. The body is read by this version's layout whatever its
    version bytes say (``unpack_body(layout_of=…)``), only to find the keys and the tag."""
    held = mac(None)
    if held is not None and tag_verifies(spec.id, body, held):
        return True
    try:
        u = unpack_body(spec.id, body, spec.rules_version, layout_of=spec.cards is not None)
    except MatchError:
        if held is not None:
            raise changed() from None
        return False
    data = attrs.evolve(u.data, links=((),) * u.links)
    key = mac(data)
    if key is None:
        return False
    if u.tag is None:  # only link 1 has no tag
        if u.links == 1 and (known is None or same_match(data, known.data)):
            return False
        raise changed()
    u.check_tag(key)
    return True


def _read(text: str, known: Opened | None, mac: MacKey | None) -> Opened:
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
    verified = mac is not None and _tag_first(spec, body, mac, known)
    try:
        u = unpack_body(spec.id, body, spec.rules_version)
        if u.sectioned != (spec.cards is not None):
            raise MatchError(_("The match link is damaged."))
    except MatchError:
        # "newer version" only when the tag held, or could not be checked
        if mac is not None and not verified and not newer_version(body, spec.rules_version):
            raise changed() from None
        raise
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
            attrs.evolve(data, links=replay.links), values, replay.state, number, replay.radix, replay
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
    return Opened(attrs.evolve(data, links=links), values, walked.state, number, walked.radix)
