"""Rules version 1 of DumaRaj (before the corrections of rules version 2), for old links/records.

Share links store each move as its index in the list of legal moves, so a link made under the old
rules is read through the list those rules gave. Version 2 changed three things:

1. Editor lines: version 1 took one straight vector from the from-bit to the to-bit (a camel
   offered 2 lines; a Warp move "the short way round", a tie keeping the plain difference);
   version 2 takes the lines behind each segment of the path (a camel offers 3), see
   :mod:`lines`.
2. Pair flex: version 1 allowed the next pair flex on own move n+4, version 2 on n+3.
3. Endings: version 1 restarted the 100-move count and the repetition history at every Pixa
   move, never at a removed line; version 2 at progress only (:mod:`endings`), and a record
   ends at the ply cap.

:func:`legacy_codes` gives, for a state reached by replaying an old record under today's rules,
the codes version 1 listed there, in its order (legal moves sorted the same way). It says ``[]``
where version 1 would have reached another position: an Editor phase one version has and the
other has not. A move version 1 allowed and version 2 does not (a cut the old vector offered, a
move after the game ended under today's counting) maps to its code and then fails to replay,
with the reason.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import movegen as G
from webtabletop.games.dumaraj.rules import notation as N
from webtabletop.games.dumaraj.rules.pieces import MOBS, PIXA

RULES_VERSION = 2


def v1_move_vector(b: E.Board, m: int) -> tuple[int, int]:
    """Version 1's move vector: from ``from`` to ``to`` of the code; a Warp move counts the short
    way round (a tie keeps the plain difference)."""
    w = b.W
    frm, to = m & 255, (m >> 8) & 255
    dx = to % w - frm % w
    dy = to // w - frm // w
    if b.rules.warp:
        p = b.sq[to] if (m >> 16) & 15 not in (E.BUMM, E.PROMO) else PIXA
        if MOBS[p & 7].warp:
            x0, y0, x1, y1 = b.rect
            aw, ah = x1 - x0 + 1, y1 - y0 + 1
            if 2 * abs(dx) > aw:
                dx -= aw if dx > 0 else -aw
            if 2 * abs(dy) > ah:
                dy -= ah if dy > 0 else -ah
    return dx, dy


def v1_offered_lines(b: E.Board, m: int) -> tuple[int, ...]:
    """The lines version 1 offered after move ``m`` (made on ``b``): at most one rank (behind the
    vector's north-south part) and one file (behind its east-west part)."""
    dx, dy = v1_move_vector(b, m)
    x0, y0, x1, y1 = b.rect
    w = b.W
    sq = b.sq
    out = []
    if dy and y1 - y0 + 1 > 4:
        y = y0 if dy > 0 else y1
        if not any(sq[s] for s in range(y * w + x0, y * w + x1 + 1)):
            ny, bad = (y0 + 1, PIXA | 8) if dy > 0 else (y1 - 1, PIXA)
            if not any(sq[ny * w + x] == bad for x in range(x0, x1 + 1)):
                out.append(y)
    if dx and x1 - x0 + 1 > 4:
        x = x0 if dx > 0 else x1
        if not any(sq[y * w + x] for y in range(y0, y1 + 1)):
            out.append(E.FILE_LINE + x)
    return tuple(out)


def _codes(moves: list[int], w: int) -> list[str]:
    return [N.move_code(m, w) for m in moves]


def legacy_codes(state, version: int) -> list[str] | None:
    """The codes rules ``version`` listed in ``state`` (None: the same list as today; ``[]``: that
    version had reached another position by now). See the module docstring."""
    if version >= RULES_VERSION:
        return None
    options = state.options
    w = state.width
    today = state._engine_moves()
    if not today:  # mate or stalemate (or a fragged Raj): the same under both versions
        return None
    b = state._board()
    last = state.last_move
    if options.editor and last >= 0 and E.m_kind(last) < E.CUT:
        if state.editor is not None:  # an Editor phase: which lines did version 1 offer?
            old = v1_offered_lines(b, last)
            if not old:
                return []  # version 1 passed the turn after this move
            if old != state.editor:
                ob = b.clone()
                ob.editor = old
                listed = _codes(sorted(G.gen_moves(ob)), w)
                return listed
        else:
            mover = 1 - state.side
            if b.kings[state.side] >= 0 and b.kings[mover] >= 0 and v1_offered_lines(b, last):
                return []  # version 1 had an Editor phase here
    old_moves = today
    if options.pair_flex and state.editor is None and state.ctr[4 + state.side] < E.PAIR_FLEX_SINCE_MAX:
        old_moves = [m for m in today if E.m_kind(m) != E.PAIRFLEX]  # version 1 waited until n+4
    if old_moves is today and not state.is_over:
        return None
    return _codes(old_moves, w)
