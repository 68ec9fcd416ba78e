"""DumaRaj notation: FEN-like position text, coordinate move codes, readable move names.

Position text: ten space-separated fields; only the first two are required (the rest take the
defaults shown)::

    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w RBrb 0000 - - - 2 0 1
    board                                       | |    |    | | | | | ` fullmove number
                                                | |    |    | | | | ` plies since a frag or Pixa move
                                                | |    |    | | | ` rules: Trigon' degree + letters
                                                | |    |    | | `  Editor phase: lines offered ("1,a")
                                                | |    |    | ` active area ("a2:j10"; "-" = all)
                                                | |    |    ` piCSbumm target: leaped-over bit + leaper
                                                | |    ` pair flexes: used/wait of first, used/wait of second
                                                | ` Raj flexes still available: R/B first, r/b second
                                                ` side to move (w = first player, b = second)

- board: ranks from the far side (rank H first), files a.. left to right; K Q R B N T P, upper
  case = first player; digits (multi-digit allowed) = runs of empty bits. It covers the whole
  original location; bits of removed lines must be empty.
- rules letters: k Raj capture, f Raj flex, p pair flex, e Editor, w Warp, b piCSbumm.
- Not kept: the positions seen before (threefold repetition starts counting afresh).

Moves: ``e2e4``; rursus adds the new mob's letter (``a9a10q``: q r b n t); a flex is the Raj's (or
the Lod''s) bit then the partner's bit (``e1h1``); piCSbumm is the striker's bit, the leaped-over
bit and ``!`` (``d4e5!``); the Editor's cut is ``-`` and the line (``-1``, ``-a``), no cut is ``-``.
"""

from __future__ import annotations

import re

import attrs

from webtabletop.core.protocol import GameError
from webtabletop.games.dumaraj import engine as E
from webtabletop.games.dumaraj.pieces import LETTERS, MOBS, PIXA, RAJ

FILES = "abcdefghijkl"
MIN_SIZE, MAX_SIZE = 4, 12
RULE_LETTERS = (
    ("k", "raj_capture"),
    ("f", "raj_flex"),
    ("p", "pair_flex"),
    ("e", "editor"),
    ("w", "warp"),
    ("b", "picsbumm"),
)
PROMO_LETTERS = {k: MOBS[k].letter.lower() for k in MOBS}
LETTER_PROMO = {v: k for k, v in PROMO_LETTERS.items()}
_SQUARE = re.compile(r"([a-l])(1[0-2]|[1-9])")


class NotationError(GameError):
    """Position text or a move code that cannot be read."""


class PositionError(GameError):
    """A position that is not legal to start from (says what is wrong)."""


@attrs.frozen
class Position:
    """Everything a FEN holds. ``rules`` is a dict of rule-option names (or None if absent)."""

    width: int
    height: int
    cells: tuple[int, ...]
    side: int = 0
    raj_flex_used: tuple[int, int] = (0, 0)
    pair: tuple[int, int, int, int] = (0, 0, 0, 0)  # used 0, used 1, wait 0, wait 1
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
        )  # type: ignore[arg-type]


# --- squares and lines --------------------------------------------------------------------------


def square_name(s: int, w: int) -> str:
    return f"{FILES[s % w]}{s // w + 1}"


def parse_square(text: str, w: int, h: int) -> int:
    m = _SQUARE.fullmatch(text)
    if not m:
        raise NotationError(f"{text!r} is not a bit name like e4")
    x = FILES.index(m.group(1))
    y = int(m.group(2)) - 1
    if x >= w or y >= h:
        raise NotationError(f"bit {text} is off this {w}x{h} location")
    return y * w + x


def line_name(line: int) -> str:
    return FILES[line - E.FILE_LINE] if line >= E.FILE_LINE else str(line + 1)


def line_label(line: int) -> str:
    return f"file {line_name(line)}" if line >= E.FILE_LINE else f"rank {line_name(line)}"


def parse_line(text: str, w: int, h: int) -> int:
    if text and text in FILES[:w]:
        return E.FILE_LINE + FILES.index(text)
    if text.isdigit() and 1 <= int(text) <= h:
        return int(text) - 1
    raise NotationError(f"{text!r} is not a line (a file letter or a rank number)")


# --- positions ----------------------------------------------------------------------------------


def parse_board(text: str) -> tuple[int, int, list[int]]:
    ranks = text.split("/")
    h = len(ranks)
    if not MIN_SIZE <= h <= MAX_SIZE:
        raise NotationError(f"the location must have {MIN_SIZE} to {MAX_SIZE} ranks, not {h}")
    rows: list[list[int]] = []
    for i, rank in enumerate(ranks):
        row: list[int] = []
        for m in re.finditer(r"\d+|.", rank):
            tok = m.group(0)
            if tok.isdigit():
                if int(tok) == 0:
                    raise NotationError(f"rank {h - i}: an empty run of 0 bits")
                row.extend([0] * int(tok))
            elif tok.upper() in LETTERS:
                row.append(LETTERS[tok.upper()] | (8 if tok.islower() else 0))
            else:
                raise NotationError(f"rank {h - i}: {tok!r} is not a mob letter (K Q R B N T P) or a number")
        rows.append(row)
    w = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != w:
            raise NotationError(f"rank {h - i} has {len(row)} bits but rank {h} has {w}")
    if not MIN_SIZE <= w <= MAX_SIZE:
        raise NotationError(f"the location must have {MIN_SIZE} to {MAX_SIZE} files, not {w}")
    cells = [0] * (w * h)
    for i, row in enumerate(rows):
        y = h - 1 - i
        cells[y * w : (y + 1) * w] = row
    return w, h, cells


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


def parse_fen(text: str) -> Position:
    """Read position text (see the module docstring); raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError("the position must be text")
    fields = text.split()
    if len(fields) < 2:
        raise NotationError("the position needs at least the board and the side to move (w or b)")
    if len(fields) > 10:
        raise NotationError(f"the position has {len(fields)} fields; at most 10")
    w, h, cells = parse_board(fields[0])
    fields += ["RBrb", "0000", "-", "-", "-", "", "0", "1"][len(fields) - 2 :]
    side_t, flex_t, pair_t, bumm_t, area_t, ed_t, rules_t, half_t, full_t = fields[1:10]
    if side_t not in ("w", "b"):
        raise NotationError(f"side to move must be w or b, not {side_t!r}")
    side = 0 if side_t == "w" else 1
    if flex_t != "-" and (not set(flex_t) <= set("RBrb") or len(set(flex_t)) != len(flex_t)):
        raise NotationError(f"Raj flex field {flex_t!r}: use letters R B r b or -")
    avail = set() if flex_t == "-" else set(flex_t)
    used0 = (0 if "R" in avail else 1) | (0 if "B" in avail else 2)
    used1 = (0 if "r" in avail else 1) | (0 if "b" in avail else 2)
    if not (len(pair_t) == 4 and pair_t.isdigit() and all(int(ch) <= 3 for ch in pair_t)):
        raise NotationError(f"pair flex field {pair_t!r}: four digits 0-3 (used, wait; used, wait)")
    pair = (int(pair_t[0]), int(pair_t[2]), int(pair_t[1]), int(pair_t[3]))
    bumm = None
    if bumm_t != "-":
        sqs = _SQUARE.findall(bumm_t)
        if len(sqs) != 2 or "".join(a + b for a, b in sqs) != bumm_t:
            raise NotationError(f"piCSbumm field {bumm_t!r}: two bits (leaped over, leaper) or -")
        bumm = (parse_square("".join(sqs[0]), w, h), parse_square("".join(sqs[1]), w, h))
    rect = None
    if area_t != "-":
        parts = area_t.split(":")
        if len(parts) != 2:
            raise NotationError(f"area field {area_t!r}: two corner bits like a2:j10, or -")
        a, b = (parse_square(p, w, h) for p in parts)
        rect = (a % w, a // w, b % w, b // w)
        if rect[0] > rect[2] or rect[1] > rect[3]:
            raise NotationError(f"area field {area_t!r}: the lower left corner comes first")
    editor = None
    if ed_t != "-":
        editor = tuple(parse_line(x, w, h) for x in ed_t.split(","))
    rules: dict | None = None
    if rules_t:
        if rules_t[0] not in "123" or not set(rules_t[1:]) <= {ch for ch, _ in RULE_LETTERS}:
            raise NotationError(f"rules field {rules_t!r}: Trigon' degree 1-3 then letters of k f p e w b")
        rules = {"trigon_degree": int(rules_t[0])}
        for ch, name in RULE_LETTERS:
            rules[name] = ch in rules_t[1:]
    if not (half_t.isdigit() and full_t.isdigit() and int(full_t) >= 1):
        raise NotationError("the move clocks must be whole numbers (fullmove from 1)")
    return Position(
        w, h, tuple(cells), side, (used0, used1), pair, bumm, rect, editor, rules, int(half_t), int(full_t)
    )


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
    pair = f"{c[2]}{c[4]}{c[3]}{c[5]}"
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


def validate_board(b: E.Board) -> None:
    """Raise :class:`PositionError` unless ``b`` is a legal position to start or continue from."""
    w, h = b.W, b.H
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise PositionError(f"the location must be {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}")
    x0, y0, x1, y1 = b.rect
    if not (0 <= x0 <= x1 < w and 0 <= y0 <= y1 < h):
        raise PositionError("the active area lies outside the location")
    if x1 - x0 + 1 < MIN_SIZE or y1 - y0 + 1 < MIN_SIZE:
        raise PositionError(f"the active area must stay at least {MIN_SIZE}x{MIN_SIZE}")
    g = b.geo
    names = ("first", "second")
    for s, p in enumerate(b.sq):
        if p and not g.active[s]:
            raise PositionError(f"a mob stands on {square_name(s, w)}, on a removed line")
    for c in (0, 1):
        rajas = [s for s in b.pcs[c] if b.sq[s] & 7 == RAJ]
        if len(rajas) != 1:
            raise PositionError(f"the {names[c]} player must have exactly one Raj, not {len(rajas)}")
        for s in b.pcs[c]:
            if b.sq[s] & 7 == PIXA and g.promo[c][s]:
                raise PositionError(
                    f"a Pixa of the {names[c]} player stands on its finist line ({square_name(s, w)})"
                )
    mover = b.side
    if b.rules.raj_capture:  # under "Raj capture" a Raj may stand under flag
        pass
    elif b.editor is None:
        if b.in_check(1 - mover):
            raise PositionError(f"the side to move ({names[mover]}) could frag the enemy Raj")
    elif b.in_check(mover):
        raise PositionError("in the Editor phase the mover's own Raj may not be under flag")
    if b.editor is not None:
        for line in b.editor:
            border = (x0, x1) if line >= E.FILE_LINE else (y0, y1)
            pos = line - E.FILE_LINE if line >= E.FILE_LINE else line
            if pos not in border:
                raise PositionError(f"the Editor may only offer border lines, not {line_label(line)}")
    if b.bumm is not None:
        over, leaper = b.bumm
        leaper_side = mover if b.editor is not None else 1 - mover
        if not (g.active[over] and g.active[leaper]) or b.sq[leaper] != PIXA | leaper_side << 3:
            raise PositionError(
                "the piCSbumm target must name the bit leaped over and the enemy Pixa that leaped"
            )
    if any(v > 3 for v in b.ctr[2:]):
        raise PositionError("pair flex counters go from 0 to 3")


# --- moves --------------------------------------------------------------------------------------


def move_code(m: int, w: int) -> str:
    kind = E.m_kind(m)
    if kind == E.SKIP:
        return "-"
    if kind == E.CUT:
        return "-" + line_name(E.m_from(m))
    base = square_name(E.m_from(m), w) + square_name(E.m_to(m), w)
    if kind == E.PROMO:
        return base + PROMO_LETTERS[E.m_promo(m)]
    if kind == E.BUMM:
        return base + "!"
    return base


def move_label(b: E.Board, m: int) -> str:
    """A readable name, e.g. ``Gon' b1–c3``, ``Pixa e7×d8=Fej``, ``Raj flex e1↔h1``."""
    w = b.W
    kind = E.m_kind(m)
    if kind == E.SKIP:
        return "Editor: keep the location"
    if kind == E.CUT:
        return f"Editor: remove {line_label(E.m_from(m))}"
    frm, to = E.m_from(m), E.m_to(m)
    a, z = square_name(frm, w), square_name(to, w)
    p, q = b.sq[frm], b.sq[to]
    if kind == E.RAJFLEX:
        return f"Raj flex {a}↔{z} ({MOBS[q & 7].name})"
    if kind == E.PAIRFLEX:
        return f"Pair flex {MOBS[p & 7].name} {a}↔{MOBS[q & 7].name} {z}"
    if kind == E.BUMM:
        n = 3 if b.sq[to] == PIXA | ((p >> 3) ^ 1) << 3 else 2
        return f"piCSbumm {a}×{z} ({n} mobs)"
    sep = "×" if q else "–"
    text = f"{MOBS[p & 7].name} {a}{sep}{z}"
    if kind == E.PROMO:
        text += f"={MOBS[E.m_promo(m)].name}"
    return text


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
