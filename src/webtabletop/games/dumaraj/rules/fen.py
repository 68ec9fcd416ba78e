"""DumaRaj position text (FEN-like): reading it safely and writing it (checking the position it
describes: position_check.py).

Ten space-separated fields; only the first two are required (the rest take the defaults shown)::

    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w RBrb 0:3,0:3 - - - 2 0 1
    board                                       | |    |       | | | | | ` fullmove number
                                                | |    |       | | | | ` moves since the last progress
                                                | |    |       | | | ` rules: Trigon' degree + letters
                                                | |    |       | | ` Editor phase: lines offered ("1,a")
                                                | |    |       | ` active area ("a2:j10"; "-" = all)
                                                | |    |       ` piCSbumm target: leaped-over bit + leaper
                                                | |    ` pair flexes: used:own moves since the last one,
                                                | |      first player, then second (3 = three or more)
                                                | ` Raj flexes still available: R/B first, r/b second
                                                ` side to move (w = first player, b = second)

- board: ranks from the far side (rank H first), files a.. left to right; K Q R B N T P, upper
  case = first player; digits (ASCII, multi-digit allowed) = runs of empty bits. It covers the
  whole original location (4 to 12 files and ranks); bits of removed lines must be empty.
- rules letters: k Raj capture, f Raj flex, p pair flex, e Editor, w Warp, b piCSbumm.
- Not kept: the positions seen before (threefold repetition starts counting afresh).

**Old position text** (rules version 1, before the pair-flex correction) wrote the pair-flex field
as four digits ``used wait used wait``, where *wait* was 3 right after a pair flex and went down by
one with each own move (the next pair flex came when it was 0, on own move n+4). Today's field
counts the own moves *since* the last pair flex instead, because the corrected rule («Флекс
возможно повторить только через 3 хода»: the next on own move n+3) and the old one differ exactly
there. Four digits are recognised as the old form and converted: ``since = 3 - wait`` (an old
text right after a flex, wait 3, reads as since 0). Its move counter (then "plies since a frag or
a Pixa move") is read as is: it can only be lower than today's count, so no game ends earlier
because of it.

Reading never trusts the text: its length, the number of fields, every number (ASCII digits of
bounded length, each counter in range) and the board size are checked before anything is built,
so any text gives a position or a :class:`NotationError` at once.
"""

from __future__ import annotations

import re

import attrs

from webtabletop.core.inputs import guard
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules.notation import (
    FILES,
    MAX_SIZE,
    MIN_SIZE,
    RULE_LETTERS,
    SQUARE_RE,
    NotationError,
    line_name,
    parse_line,
    parse_square,
    square_name,
)
from webtabletop.games.dumaraj.rules.pieces import LETTERS, MOBS
from webtabletop.i18n import _, ngettext

#: the longest position text read (a 12x12 board with every field takes about 220 characters)
MAX_TEXT = 400
#: the largest fullmove number a position may carry
MAX_FULLMOVE = 99_999
#: the move counter's range (the game ends at 100 moves without progress)
MAX_HALF = 100
DEFAULTS = ("RBrb", "0:3,0:3", "-", "-", "-", "", "0", "1")
_TOKEN = re.compile(r"[0-9]+|.", re.S)
_PAIR = re.compile(r"([0-3]):([0-3]),([0-3]):([0-3])")
_PAIR_V1 = re.compile(r"[0-3]{4}")
_RULES = re.compile(r"[123][kfpewb]*")
_NUMBER = re.compile(r"[0-9]{1,6}")
MOB_LETTERS = "KQRBNTPkqrbntp"


@attrs.frozen
class Position:
    """Everything a FEN holds. ``rules`` is a dict of rule-option names (or None if absent)."""

    width: int
    height: int
    cells: tuple[int, ...]
    side: int = 0
    raj_flex_used: tuple[int, int] = (0, 0)
    pair: tuple[int, int, int, int] = (0, 0, 3, 3)  # used 0, used 1, since 0, since 1
    bumm: tuple[int, int] | None = None
    rect: tuple[int, int, int, int] | None = None
    editor: tuple[int, ...] | None = None
    rules: dict | None = attrs.field(default=None, eq=False)
    half: int = 0
    full: int = 1

    def board(self, rules: E.Rules) -> E.Board:
        ctr = (self.raj_flex_used[0], self.raj_flex_used[1], *self.pair)
        return E.Board(
            self.width,
            self.height,
            list(self.cells),
            self.side,
            rules,
            self.rect,
            ctr,
            self.bumm,
            self.editor,
            self.half,
            self.full,
        )


# --- reading ------------------------------------------------------------------------------------


def parse_board(text: str) -> tuple[int, int, list[int]]:
    """(width, height, cells) of the board field; sizes are checked before anything is built."""
    ranks = text.split("/", MAX_SIZE)
    h = len(ranks)
    if not MIN_SIZE <= h <= MAX_SIZE or "/" in ranks[-1]:
        raise NotationError(_("the location must have {lo} to {hi} ranks").format(lo=MIN_SIZE, hi=MAX_SIZE))
    rows: list[list[int]] = []
    for i, rank in enumerate(ranks):
        number = h - i
        if len(rank) > MAX_SIZE:
            raise NotationError(
                _("rank {rank} is longer than a rank of at most {hi} bits can be written").format(
                    rank=number, hi=MAX_SIZE
                )
            )
        row: list[int] = []
        for m in _TOKEN.finditer(rank):
            tok = m.group(0)
            if tok[0] in "0123456789":
                run = int(tok) if len(tok) <= 2 else MAX_SIZE + 1
                if run == 0:
                    raise NotationError(_("rank {rank}: an empty run of 0 bits").format(rank=number))
                if len(row) + run > MAX_SIZE:
                    raise NotationError(
                        _("rank {rank} has more than {hi} bits").format(rank=number, hi=MAX_SIZE)
                    )
                row.extend([0] * run)
            elif tok in MOB_LETTERS:
                row.append(LETTERS[tok.upper()] | (8 if tok.islower() else 0))
            else:
                raise NotationError(
                    _("rank {rank}: {char!r} is not a mob letter (K Q R B N T P) or a number").format(
                        rank=number, char=tok
                    )
                )
        rows.append(row)
    w = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != w:
            raise NotationError(
                ngettext(
                    "rank {rank} has {n} bit but rank {top} has {w}", "rank {rank} has {n} bits but rank {top} has {w}", len(row)
                ).format(
                    rank=h - i, n=len(row), top=h, w=w
                )
            )
    if not MIN_SIZE <= w <= MAX_SIZE:
        raise NotationError(
            _("the location must have {lo} to {hi} files, not {n}").format(lo=MIN_SIZE, hi=MAX_SIZE, n=w)
        )
    cells = [0] * (w * h)
    for i, row in enumerate(rows):
        y = h - 1 - i
        cells[y * w : (y + 1) * w] = row
    return w, h, cells


def parse_pair(text: str) -> tuple[int, int, int, int]:
    """(used 0, used 1, since 0, since 1) from the pair-flex field, today's or the old form."""
    m = _PAIR.fullmatch(text)
    if m:
        used0, since0, used1, since1 = (int(g) for g in m.groups())
        return used0, used1, since0, since1
    if _PAIR_V1.fullmatch(text):  # rules version 1: used, wait, used, wait (see the docstring)
        used0, wait0, used1, wait1 = (int(ch) for ch in text)
        return used0, used1, E.PAIR_FLEX_SINCE_MAX - wait0, E.PAIR_FLEX_SINCE_MAX - wait1
    raise NotationError(
        _("pair flex field {text!r}: used:since for each player, each 0-3, like 1:2,0:3").format(
            text=text[:20]
        )
    )


def _number(text: str, what: str, lo: int, hi: int) -> int:
    if not _NUMBER.fullmatch(text) or not lo <= int(text) <= hi:
        raise NotationError(
            _("{what} must be a whole number from {lo} to {hi}, not {text!r}").format(
                what=what, lo=lo, hi=hi, text=text[:12]
            )
        )
    return int(text)


def _parse_fen(text: str) -> Position:
    if not isinstance(text, str):
        raise NotationError(_("the position must be text"))
    if len(text) > MAX_TEXT:
        raise NotationError(
            ngettext(
                "the position text is too long ({n} character; at most {max})",
                "the position text is too long ({n} characters; at most {max})",
                len(text),
            ).format(
                n=len(text), max=MAX_TEXT
            )
        )
    fields = text.split()
    if len(fields) < 2:
        raise NotationError(_("the position needs at least the board and the side to move (w or b)"))
    if len(fields) > 10:
        raise NotationError(
            ngettext("the position has {n} field; at most 10", "the position has {n} fields; at most 10", len(fields)).format(
                n=len(fields)
            )
        )
    w, h, cells = parse_board(fields[0])
    fields += list(DEFAULTS[len(fields) - 2 :])
    side_t, flex_t, pair_t, bumm_t, area_t, ed_t, rules_t, half_t, full_t = fields[1:10]
    if side_t not in ("w", "b"):
        raise NotationError(_("side to move must be w or b, not {text!r}").format(text=side_t[:12]))
    side = 0 if side_t == "w" else 1
    if flex_t != "-" and (not set(flex_t) <= set("RBrb") or len(set(flex_t)) != len(flex_t)):
        raise NotationError(_("Raj flex field {text!r}: use letters R B r b or -").format(text=flex_t[:12]))
    avail = set() if flex_t == "-" else set(flex_t)
    used0 = (0 if "R" in avail else 1) | (0 if "B" in avail else 2)
    used1 = (0 if "r" in avail else 1) | (0 if "b" in avail else 2)
    pair = parse_pair(pair_t)
    bumm = None
    if bumm_t != "-":
        sqs = SQUARE_RE.findall(bumm_t)
        if len(sqs) != 2 or "".join(a + b for a, b in sqs) != bumm_t:
            raise NotationError(
                _("piCSbumm field {text!r}: two bits (leaped over, leaper) or -").format(text=bumm_t[:12])
            )
        bumm = (parse_square("".join(sqs[0]), w, h), parse_square("".join(sqs[1]), w, h))
    rect = None
    if area_t != "-":
        parts = area_t.split(":")
        if len(parts) != 2:
            raise NotationError(
                _("area field {text!r}: two corner bits like a2:j10, or -").format(text=area_t[:12])
            )
        a, b = (parse_square(p, w, h) for p in parts)
        rect = (a % w, a // w, b % w, b // w)
        if rect[0] > rect[2] or rect[1] > rect[3]:
            raise NotationError(
                _("area field {text!r}: the lower left corner comes first").format(text=area_t)
            )
    editor = None
    if ed_t != "-":
        names = ed_t.split(",", 4)
        if len(names) > 4:
            raise NotationError(_("the Editor field offers at most 4 lines"))
        editor = tuple(parse_line(x, w, h) for x in names)
        if len(set(editor)) != len(editor):
            raise NotationError(_("the Editor field names a line twice"))
    rules: dict | None = None
    if rules_t:
        if not _RULES.fullmatch(rules_t) or len(set(rules_t)) != len(rules_t):
            raise NotationError(
                _("rules field {text!r}: Trigon' degree 1-3 then letters of k f p e w b").format(
                    text=rules_t[:12]
                )
            )
        rules = {"trigon_degree": int(rules_t[0])}
        for ch, name in RULE_LETTERS:
            rules[name] = ch in rules_t[1:]
    half = _number(half_t, _("the count of moves since the last progress"), 0, MAX_HALF)
    full = _number(full_t, _("the fullmove number"), 1, MAX_FULLMOVE)
    return Position(w, h, tuple(cells), side, (used0, used1), pair, bumm, rect, editor, rules, half, full)


def parse_fen(text: str) -> Position:
    """Read position text (see the module docstring); raises :class:`NotationError` for anything
    that is not position text, quickly, whatever its size."""
    return guard(lambda: _parse_fen(text), NotationError, _("the position text"))


# --- writing ------------------------------------------------------------------------------------


def board_text(cells, w: int, h: int) -> str:
    ranks = []
    for y in range(h - 1, -1, -1):
        out = ""
        run = 0
        for x in range(w):
            p = cells[y * w + x]
            if not p:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            letter = MOBS[p & 7].letter
            out += letter.lower() if p & 8 else letter
        if run:
            out += str(run)
        ranks.append(out)
    return "/".join(ranks)


def fen_of(b: E.Board) -> str:
    """Position text of a board (all ten fields)."""
    w, h = b.W, b.H
    c = b.ctr
    flex = (
        ("" if c[0] & 1 else "R")
        + ("" if c[0] & 2 else "B")
        + ("" if c[1] & 1 else "r")
        + ("" if c[1] & 2 else "b")
    )
    pair = f"{c[2]}:{c[4]},{c[3]}:{c[5]}"
    bumm = "-" if b.bumm is None else square_name(b.bumm[0], w) + square_name(b.bumm[1], w)
    x0, y0, x1, y1 = b.rect
    area = (
        "-"
        if b.rect == (0, 0, w - 1, h - 1)
        else f"{square_name(y0 * w + x0, w)}:{square_name(y1 * w + x1, w)}"
    )
    ed = "-" if b.editor is None else ",".join(line_name(x) for x in b.editor)
    r = b.rules
    rules = str(r.degree) + "".join(ch for ch, name in RULE_LETTERS if getattr(r, name))
    side = "wb"[b.side]
    return (
        f"{board_text(b.sq, w, h)} {side} {flex or '-'} {pair} {bumm} {area} {ed} {rules} {b.half} {b.full}"
    )


__all__ = [
    "FILES",
    "Position",
    "board_text",
    "fen_of",
    "parse_board",
    "parse_fen",
    "parse_pair",
]
