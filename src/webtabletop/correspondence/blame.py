"""Whom a refused link may name: the seat a fair-play check found, only where the link is
provably that seat's.

A check can tell whose *part* of a link failed (``FairPlayError.seat``), not who sent the link.
Only the two players can make a link's tag, and a browser never receives a failing link of its
own making, so a player whose browser checked the tag knows that the link came from its friend:
then, and only then, a refusal names the friend (``against``) and the finding sticks to the match
(``Match.finding``). A link read without that proof names nobody and says why (``unproven``):

* link 1, which has no tag (the joiner, or anyone, reading an invitation);
* any link a spectator reads (it holds no key of the match);
* link 2 of a match whose link 1 is not bound into the tags (link formats 3 and 4): the joiner
  made it, honestly, from the link 1 it got, which a carrier may have replaced on its way.
"""

from __future__ import annotations

from webtabletop.correspondence.data import MatchData
from webtabletop.fairplay.errors import ChainRefused, FairPlayError, named
from webtabletop.fairplay.linkauth import LinkRefused
from webtabletop.i18n import _


def proven(data: MatchData, verified: bool) -> bool:
    """A link whose tag this player's browser checked shows who sent it (see the module text)."""
    return verified and (data.bound or data.count >= 3)


def unproven(exc: FairPlayError) -> FairPlayError:
    """``exc`` for a reader who cannot tell who sent the link: it names nobody."""
    if exc.seat is None or isinstance(exc, LinkRefused):
        return exc
    if exc.problem is None:  # its sentence names nobody already
        return type(exc)(str(exc))
    return type(exc)(
        _(
            "This link fails a fair-play check: {problem} It was changed on its way, or it came from someone else, so it shows nobody cheating."
        ).format(problem=exc.problem)
    )


def against(exc: FairPlayError, seat: int) -> FairPlayError:
    """``exc`` as the proof that ``seat`` (the friend who sent the link) cheated."""
    if exc.seat == seat:
        return exc
    return named(type(exc), seat, problem_of(exc))


def problem_of(exc: FairPlayError) -> str:
    """What failed, as a sentence that names nobody (lower case)."""
    if exc.problem is not None:
        return exc.problem
    if isinstance(exc, ChainRefused):
        return _(
            "a random value in this link does not follow its player's commitment."
        )  # out of order, reused
    return _("this link fails a fair-play check ({reason})").format(reason=str(exc).rstrip("."))


def judge(exc: FairPlayError, data: MatchData, verified: bool, reader: int | None) -> FairPlayError:
    """``exc`` as the reader ``reader`` (a seat, or None: a spectator) may say it of the link
    ``data``: naming the friend where the link is provably the friend's, nobody otherwise."""
    if isinstance(exc, LinkRefused):
        return exc
    if reader is not None and proven(data, verified):
        return against(exc, 1 - reader)
    return unproven(exc)
