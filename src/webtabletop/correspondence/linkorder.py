"""The order of links: the data of the next link this browser sends, and the order of a received link against the one held: is it newer, the same, older, or a link
that cannot be this match's (another joiner, changed keys or moves, an impossible date)?

These checks read only the two links' data (their tags and signatures were checked as the link
was read, :mod:`~webtabletop.correspondence.link`); :meth:`Match.receive` acts on the answer.
"""

from __future__ import annotations

import datetime

import attrs

from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.fairplay.beacon import reveal_index, sender
from webtabletop.fairplay.chain import HashChain
from webtabletop.fairplay.linkauth import LinkKey, changed
from webtabletop.i18n import _

NEWER, SAME, OLDER = "newer", "same", "older"


def compare(new: MatchData, held: MatchData, seat: int | None, now: datetime.date | None) -> str:
    """``NEWER``, ``SAME`` or ``OLDER`` for a link ``new`` of the match ``held`` (same game and
    key) as seen by ``seat`` (None: a spectator); raises :class:`MatchError` for a link that
    rewrites the match."""
    if another_joiner(new, held):
        raise second_joiner(new, seat)
    if new.authenticated != held.authenticated or any(
        None not in (mine, theirs) and theirs != mine
        for mine, theirs in zip(held.link_keys, new.link_keys, strict=True)
    ):
        raise changed()
    k = min(new.count, held.count)
    if k >= 2 and new.commitments[1] != held.commitments[1]:
        raise MatchError(_("This link belongs to another match."))
    if new.links[:k] != held.links[:k]:
        raise MatchError(_("This link changes moves that were already played."))
    if new.count < held.count:
        return OLDER
    if new.count == held.count:
        if new != held:
            raise MatchError(_("This link changes moves that were already played."))
        return SAME
    if seat is not None and any(sender(m) == seat for m in range(held.count + 1, new.count + 1)):
        raise MatchError(_("This link holds a move of yours that this browser did not send."))
    if new.date < held.date or (now is not None and new.date > now.toordinal() + 1):
        raise MatchError(_("The date in this link is impossible: the link was changed."))
    return NEWER


def same_match(data: MatchData, held: MatchData) -> bool:
    """``data`` claims to be a link of the match ``held``: the same creator's chain head and link
    key (random values no other match shares), whatever else a change on its way touched."""
    return data.commitments[0] == held.commitments[0] and data.link_keys[0] == held.link_keys[0]


def claims(data: MatchData, held: MatchData) -> bool:
    """``data`` carries at least one of the random values that name the match ``held`` (a seat's
    chain head or link key): a link of this match, as sent or changed on its way, whose tag the
    players can check. A link of another match shares none of them."""
    pairs = zip((*data.commitments, *data.link_keys), (*held.commitments, *held.link_keys), strict=True)
    return any(mine is not None and mine == theirs for mine, theirs in pairs)


def second_joiner(new: MatchData, seat: int | None) -> MatchError:
    """What really happened when two browsers joined from one first link, told to whoever
    receives a link of the other joiner's game: the creator goes on with the answer it took first;
    the joiner whose answer was not taken learns it from the creator's next link; anyone else learns that the link belongs to a different game."""
    if seat == 0:
        return MatchError(
            _(
                "This link answers your invitation from another browser or profile: someone joined this game a second time from your first link. Your game goes on with the friend who answered first; this answer was not taken."
            )
        )
    if seat == 1 and new.count > 2:
        return MatchError(
            _(
                "Your friend's game went on with someone else who joined from the same invitation (another browser or profile, perhaps your own): your answer was not taken, so this game cannot go on here. Ask your friend for a new invitation."
            )
        )
    return MatchError(
        _(
            "This link answers the same invitation from another browser or profile: it belongs to a different game, with another player who joined, not to this one."
        )
    )


def another_joiner(data: MatchData, held: MatchData) -> bool:
    """``data`` answers the same first link as ``held`` but from another joiner (a second browser
    or profile opened link 1 and joined too): another seat-1 commitment *and* link key (a link
    with only one of them changed was changed on its way, and its tag says so)."""
    if data.count < 2 or held.count < 2 or not same_match(data, held):
        return False
    return data.commitments[1] != held.commitments[1] and data.link_keys[1] != held.link_keys[1]


def next_data(
    d: MatchData,
    seat: int,
    chain: HashChain,
    link_key: LinkKey | None,
    codes: tuple[str, ...],
    today: datetime.date,
) -> MatchData:
    """The data of link ``d.count + 1``, sent by ``seat`` with the moves ``codes``: its chain head
    and link key on the first two links, its newest chain value where the beacon asks for one
    (:func:`~webtabletop.fairplay.beacon.reveal_index`), and no ending (a new link ends an offer
    or its answer made on the one before)."""
    m = d.count + 1
    commitments = list(d.commitments)
    latest = list(d.latest)
    link_keys = d.link_keys
    if m <= 2:
        commitments[seat] = chain.commitment
        if d.authenticated:
            link_keys = (d.link_keys[0], known(link_key).public) if seat == 1 else d.link_keys
    index = reveal_index(m)
    if index:
        latest[seat] = chain.value(index)
    return attrs.evolve(
        d,
        ending=None,  # a new link ends an offer (or its answer) made on the one before
        live=None,  # and drops a live offer or answer: a new one is put on it when needed
        links=(*d.links, codes),
        date=max(today.toordinal(), d.date),
        commitments=(commitments[0], commitments[1]),
        latest=(latest[0], latest[1]),
        fair=b"",
        link_keys=link_keys,
    )
