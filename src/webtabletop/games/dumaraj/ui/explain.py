"""DumaRaj's explanation cards (:mod:`webtabletop.core.explain`): each mob on the location says how
it moves, in the words of its lesson (one table: ``rules/texts.py``, ``MOB_MOVES``), and which of
the arbitrary moves agreed for this game it may make (Raj flex, pair flex, Warp, piCSbumm; the
Trigon' by the agreed degree).
"""

from __future__ import annotations

from webtabletop.core.explain import Explanation, described, texts
from webtabletop.games.dumaraj.rules import texts as T
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import GON, LOD, PIXA, RAJ, SLOD, TRIGON
from webtabletop.i18n import _
from webtabletop.i18n.text import join_sentences


def mob_id(kind: int) -> str:
    return f"dr-info-{kind}"


def bit_attrs(piece: int) -> dict:
    """The explanation of the mob ``piece`` (0: an empty bit, nothing to explain)."""
    return described([mob_id(piece & 7)] if piece else [])


def mob_rule(kind: int, options: DumaRajOptions) -> str:
    """How a mob of ``kind`` moves in a game with ``options``, in a few sentences."""
    out = [_(T.TRIGON_MOVES[options.trigon_degree] if kind == TRIGON else T.MOB_MOVES[kind])]
    if kind == RAJ:
        out.append(
            _("Raj capture is agreed: whoever frags the enemy Raj wins.")
            if options.raj_capture
            else _("A Raj under flag with no move out is mated, and its side loses.")
        )
    if kind == PIXA:
        out.append(_(T.RURSUS))
    if options.raj_flex and kind in (RAJ, LOD, SLOD):
        out.append(_(T.AGREED_MOVES["raj_flex"]))
    if options.pair_flex and kind in (LOD, SLOD):
        out.append(_(T.AGREED_MOVES["pair_flex"]))
    if options.warp and kind == GON:
        out.append(
            _("Warp is agreed: the Gon' may leave over a side border and come back from the other side.")
        )
    if options.warp and kind == PIXA:
        out.append(
            _(
                "Warp is agreed: the Pixa may leave over a side border or the front border and come back "
                "from the opposite one."
            )
        )
    if options.picsbumm and kind == PIXA:
        out.append(_(T.AGREED_MOVES["picsbumm"]))
    return join_sentences(out)


def board_texts(cells, options: DumaRajOptions) -> str:
    """The hidden texts of every kind of mob on the location."""
    kinds = sorted({p & 7 for p in cells if p})
    return texts(Explanation(mob_id(k), T.mob_name(k), mob_rule(k, options)) for k in kinds)
