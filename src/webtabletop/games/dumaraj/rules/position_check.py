"""Is a DumaRaj position one to start or continue from? (the position editor, custom-position
options and position text: :func:`validate_board`, :func:`validate_fen`). Each side has one Raj,
no Pixa stands on its finist line, the side to move cannot frag the enemy Raj, the location is
4x4..12x12 with its active area inside, no mob stands on a removed line, the Editor offers border
lines only, a piCSbumm target names a real leap, pair-flex counters stay 0..3.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules.fen import Position, parse_fen
from webtabletop.games.dumaraj.rules.notation import (
    MAX_SIZE,
    MIN_SIZE,
    RULE_LETTERS,
    PositionError,
    square_name,
)
from webtabletop.games.dumaraj.rules.pieces import PIXA, RAJ
from webtabletop.i18n import _


def _line_label(line: int) -> str:
    from webtabletop.games.dumaraj.rules.texts import line_label as translated

    return translated(line)


def validate_board(b: E.Board) -> None:
    """Raise :class:`PositionError` unless ``b`` is a legal position to start or continue from."""
    w, h = b.W, b.H
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise PositionError(_("the location must be {lo}x{lo} to {hi}x{hi}").format(lo=MIN_SIZE, hi=MAX_SIZE))
    x0, y0, x1, y1 = b.rect
    if not (0 <= x0 <= x1 < w and 0 <= y0 <= y1 < h):
        raise PositionError(_("the active area lies outside the location"))
    if x1 - x0 + 1 < MIN_SIZE or y1 - y0 + 1 < MIN_SIZE:
        raise PositionError(_("the active area must stay at least {n}x{n}").format(n=MIN_SIZE))
    g = b.geo
    for s, p in enumerate(b.sq):
        if p and not g.active[s]:
            raise PositionError(_("a mob stands on {bit}, on a removed line").format(bit=square_name(s, w)))
    for c in (0, 1):
        rajas = [s for s in b.pcs[c] if b.sq[s] & 7 == RAJ]
        if len(rajas) != 1:
            raise PositionError(
                (
                    _("White must have exactly one Raj, not {n}")
                    if c == 0
                    else _("Black must have exactly one Raj, not {n}")
                ).format(n=len(rajas))
            )
        for s in b.pcs[c]:
            if b.sq[s] & 7 == PIXA and g.promo[c][s]:
                raise PositionError(
                    (
                        _("a White Pixa stands on its finist line ({bit})")
                        if c == 0
                        else _("a Black Pixa stands on its finist line ({bit})")
                    ).format(bit=square_name(s, w))
                )
    mover = b.side
    if b.rules.raj_capture:  # under "Raj capture" a Raj may stand under flag
        pass
    elif b.editor is None:
        if b.in_check(1 - mover):
            raise PositionError(
                _("White, the side to move, could frag the enemy Raj")
                if mover == 0
                else _("Black, the side to move, could frag the enemy Raj")
            )
    elif b.in_check(mover):
        raise PositionError(_("in the Editor phase the mover's own Raj may not be under flag"))
    if b.editor is not None:
        for line in b.editor:
            border = (x0, x1) if line >= E.FILE_LINE else (y0, y1)
            pos = line - E.FILE_LINE if line >= E.FILE_LINE else line
            if pos not in border:
                raise PositionError(
                    _("the Editor may only offer border lines, not {line}").format(line=_line_label(line))
                )
    if b.bumm is not None:
        over, leaper = b.bumm
        leaper_side = mover if b.editor is not None else 1 - mover
        if not (g.active[over] and g.active[leaper]) or b.sq[leaper] != PIXA | leaper_side << 3:
            raise PositionError(
                _("the piCSbumm target must name the bit leaped over and the enemy Pixa that leaped")
            )
    if any(v > 3 for v in b.ctr[2:]):
        raise PositionError(_("pair flex counters go from 0 to 3"))


def validate_fen(text: str, rules: E.Rules | None = None) -> Position:
    """Check position text for the position editor: readable, each side one Raj, no Pixa on its
    finist line, the side to move cannot frag the enemy Raj, sizes 4x4..12x12. ``rules`` default
    to the text's own rules field. Raises :class:`NotationError` / :class:`PositionError`."""
    pos = parse_fen(text)
    if rules is None:
        r = pos.rules or {}
        rules = E.Rules(r.get("trigon_degree", 2), *(bool(r.get(name, False)) for _ch, name in RULE_LETTERS))
    validate_board(pos.board(rules))
    return pos
