"""DumaRaj notation: bit and line names, coordinate move codes, readable move names.

Position text lives in :mod:`fen`.

Moves: ``e2e4``; rursus adds the new mob's letter (``a9a10q``: q r b n t); a flex is the Raj's (or
the Lod''s) bit then the partner's bit (``e1h1``); piCSbumm is the striker's bit, the leaped-over
bit and ``!`` (``d4e5!``); the Editor's cut is ``-`` and the line (``-1``, ``-a``), no cut is ``-``.
"""

from __future__ import annotations

import re

from webtabletop.core.protocol import GameError
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules.pieces import MOBS
from webtabletop.i18n import _

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
SQUARE_RE = re.compile(r"([a-l])(1[0-2]|[1-9])")


class NotationError(GameError):
    """Position text or a move code that cannot be read."""


class PositionError(GameError):
    """A position that is not legal to start from (says what is wrong)."""


# --- squares and lines --------------------------------------------------------------------------


_NAMES: dict[int, list[str]] = {}


def square_name(s: int, w: int) -> str:
    names = _NAMES.get(w)
    if names is None:
        names = _NAMES[w] = [f"{FILES[i % w]}{i // w + 1}" for i in range(w * MAX_SIZE)]
    return names[s]


def parse_square(text: str, w: int, h: int) -> int:
    m = SQUARE_RE.fullmatch(text)
    if not m:
        raise NotationError(_("{text!r} is not a bit name like e4").format(text=text))
    x = FILES.index(m.group(1))
    y = int(m.group(2)) - 1
    if x >= w or y >= h:
        raise NotationError(_("bit {text} is off this {w}x{h} location").format(text=text, w=w, h=h))
    return y * w + x


def line_name(line: int) -> str:
    return FILES[line - E.FILE_LINE] if line >= E.FILE_LINE else str(line + 1)


def line_label(line: int) -> str:
    return f"file {line_name(line)}" if line >= E.FILE_LINE else f"rank {line_name(line)}"


def parse_line(text: str, w: int, h: int) -> int:
    if text and text in FILES[:w]:
        return E.FILE_LINE + FILES.index(text)
    if re.fullmatch(r"[0-9]{1,2}", text) and 1 <= int(text) <= h:
        return int(text) - 1
    raise NotationError(_("{text!r} is not a line (a file letter or a rank number)").format(text=text))


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
