"""The DumaRaj position editor: place and remove mobs, choose the side to move, check legality.

Pure functions over position text (the FEN-like notation of :mod:`notation`); the app shell shows
:meth:`PositionEditor.render` on ``#/dumaraj/editor`` and sends clicks as tokens:
``tool:<letter>`` (upper case = White, lower = Black, ``x`` = eraser), ``sq:<index>`` (apply the
tool to a bit; the same mob again removes it), ``side:w|b``, ``load:<preset>|empty8|empty10``.
"Start from here" hands the text to the new-game dialog (as the ``fen`` option), where the agreed
arbitrary moves are chosen and the position is validated once more against them.
"""

from __future__ import annotations

import re

from webtabletop.core.protocol import GameError
from webtabletop.core.view import attrs_html, esc
from webtabletop.games.dumaraj.rules import fen, notation
from webtabletop.games.dumaraj.rules import texts as T
from webtabletop.games.dumaraj.rules.options import PRESET_FENS
from webtabletop.games.dumaraj.rules.position_check import validate_fen
from webtabletop.games.dumaraj.ui import pieceset
from webtabletop.i18n import _, pgettext

LETTERS = "KQRBNTP"
SQ = 40
LOADS = {
    "grand": PRESET_FENS["grand"],
    "classic": PRESET_FENS["classic"],
    "empty8": "4k3/8/8/8/8/8/8/4K3 w",
    "empty10": "5k4/10/10/10/10/10/10/10/10/5K4 w",
}


def _split(text: str) -> tuple[int, int, list[int], str]:
    pos = fen.parse_fen(text)
    return pos.width, pos.height, list(pos.cells), "w" if pos.side == 0 else "b"


def _code(letter: str) -> int:
    kind = LETTERS.index(letter.upper()) + 1
    return kind | (8 if letter.islower() else 0)


class PositionEditor:
    @property
    def title(self) -> str:
        return _("Position editor")

    def default_text(self) -> str:
        return PRESET_FENS["classic"]

    def load(self, text: str) -> str:
        """Normalised board + side text of ``text``; :class:`GameError` if it cannot be read."""
        w, h, cells, side = _split(text.strip())
        return f"{fen.board_text(cells, w, h)} {side}"

    def check(self, text: str) -> str | None:
        """None when the position may be started from, else the reason (a clear sentence)."""
        try:
            validate_fen(text)
        except GameError as exc:
            return str(exc)
        return None

    def pick(self, text: str, tool: str | None, token: str) -> tuple[str, str | None, str | None]:
        kind, _sep, arg = token.partition(":")
        if kind == "tool" and (arg == "x" or (len(arg) == 1 and arg.upper() in LETTERS)):
            return text, arg, None
        if kind == "load" and arg in LOADS:
            return self.load(LOADS[arg]), tool, None
        w, h, cells, side = _split(text)
        if kind == "side" and arg in ("w", "b"):
            side = arg
        elif kind == "sq" and re.fullmatch(r"[0-9]{1,3}", arg) and int(arg) < w * h:
            if tool is None:
                return text, tool, _("Choose a mob (or the eraser) first, then click bits.")
            s = int(arg)
            new = 0 if tool == "x" else _code(tool)
            cells[s] = 0 if cells[s] == new else new
        else:
            return text, tool, _("Unknown editor action {token!r}.").format(token=token)
        return f"{fen.board_text(cells, w, h)} {side}", tool, None

    def render(self, text: str, tool: str | None, message: str | None) -> str:
        w, h, cells, side = _split(text)
        board_label = _("Location {w} by {h}: click a bit to place the chosen mob").format(w=w, h=h)
        svg = [
            f'<svg class="board editor-board" viewBox="0 0 {w * SQ + 24} {h * SQ + 24}" role="group" '
            f'aria-label="{esc(board_label)}" xmlns="http://www.w3.org/2000/svg">'
        ]
        for s, p in enumerate(cells):
            x, y = 20 + (s % w) * SQ, (h - 1 - s // w) * SQ
            name = notation.square_name(s, w)
            what = pgettext("DumaRaj", "empty") if not p else T.side_mob(p)
            fill = "#eed9b6" if (s % w + s // w) % 2 else "#b58863"
            a = attrs_html(
                data_pick=f"sq:{s}",
                data_key=f"ed-{s}",
                role="button",
                tabindex="0",
                aria_label=_("{bit}: {what}").format(bit=name, what=what),
            )
            piece = pieceset.inline(p & 7, 1 if p & 8 else 0, x + SQ / 2, y + SQ / 2, SQ * 0.92) if p else ""
            svg.append(f'<g {a}><rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>{piece}</g>')
        for i in range(w):
            svg.append(
                f'<text x="{20 + i * SQ + SQ / 2}" y="{h * SQ + 16}" font-size="12" text-anchor="middle" fill="#555">{notation.FILES[i]}</text>'
            )
        for j in range(h):
            svg.append(
                f'<text x="10" y="{(h - 1 - j) * SQ + SQ / 2 + 4}" font-size="12" text-anchor="middle" fill="#555">{j + 1}</text>'
            )
        svg.append("</svg>")
        tools = []
        for colour, letters in ((0, LETTERS), (1, LETTERS.lower())):
            for letter in letters:
                kind = LETTERS.index(letter.upper()) + 1
                mob = T.side_mob(kind | colour << 3)
                pressed = "true" if tool == letter else "false"
                icon = f'<svg viewBox="0 0 40 40" width="34" height="34" aria-hidden="true">{pieceset.inline(kind, colour, 20, 20, 38)}</svg>'
                tools.append(
                    f'<button type="button" class="btn tool" data-pick="tool:{letter}" data-key="tool-{letter}" aria-pressed="{pressed}" aria-label="{esc(mob)}">{icon}</button>'
                )
        eraser_word, legal_word = (
            esc(pgettext("DumaRaj", "Eraser")),
            esc(_("Legal position: it can be started from.")),
        )
        mobs_word, text_word, read_word = (
            esc(pgettext("DumaRaj", "Mobs")),
            esc(pgettext("DumaRaj", "Position text")),
            esc(_("Read this text")),
        )
        copy_word, start_word = esc(pgettext("DumaRaj", "Copy text")), esc(_("Start from here…"))
        eraser = f'<button type="button" class="btn tool" data-pick="tool:x" data-key="tool-x" aria-pressed="{"true" if tool == "x" else "false"}">{eraser_word}</button>'
        problem = self.check(text)
        not_legal = esc(_("Not a legal start: {problem}").format(problem=problem))
        verdict = (
            f'<p class="error" role="alert">{not_legal}</p>'
            if problem
            else f'<p class="ok" role="status">{legal_word}</p>'
        )
        msg = f'<p class="message" role="alert">{esc(message)}</p>' if message else ""
        sides = "".join(
            f'<button type="button" class="btn small" data-pick="side:{c}" data-key="side-{c}" aria-pressed="{"true" if side == c else "false"}">{esc(n)}</button>'
            for c, n in (
                ("w", pgettext("DumaRaj", "White to move")),
                ("b", pgettext("DumaRaj", "Black to move")),
            )
        )
        loads = "".join(
            f'<button type="button" class="btn small" data-pick="load:{k}" data-key="load-{k}">{label}</button>'
            for k, label in (
                ("grand", esc(_("Grand start"))),
                ("classic", esc(_("Classic start"))),
                ("empty8", esc(_("Empty 8×8"))),
                ("empty10", esc(_("Empty 10×10"))),
            )
        )
        return (
            f"<div class='editor-layout'><div class='board-wrap'>{''.join(svg)}</div><div class='side'>{msg}{verdict}"
            f"<div class='tools' role='group' aria-label='{mobs_word}'>{''.join(tools)}{eraser}</div>"
            f"<div class='actions'>{sides}</div><div class='actions'>{loads}</div>"
            f"<form data-form='editor-text' data-key='editor-form' class='fen-form'><label for='fen-text'>{text_word}</label>"
            f"<textarea id='fen-text' name='text' rows='3' spellcheck='false'>{esc(text)}</textarea>"
            f"<div class='actions'><button class='btn' type='submit'>{read_word}</button>"
            f"<button type='button' class='btn' data-cmd='copy-text' data-arg='{esc(text)}' data-key='copy-fen'>{copy_word}</button>"
            f"<button type='button' class='btn primary' data-cmd='editor-start' data-key='editor-start'{' disabled' if problem else ''}>{start_word}</button></div></form></div></div>"
        )


EDITOR = PositionEditor()
