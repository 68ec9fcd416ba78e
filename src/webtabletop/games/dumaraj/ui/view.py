"""The DumaRaj view, and what clicks, drags and drops on its board mean (see core/view.py and
docs/board.md); the board itself is drawn by board_svg.py.

Tokens:
- ``data-pick="s<bit>"`` on bits: the first pick selects one's own mob (its legal destinations
  get ``class="legal"`` marks: dot = flep, ring = frag, diamond = flex, cross = piCSbumm); a pick
  on a destination plays the move, or, when several moves share the two bits (rursus choices),
  keeps the selection ``"<from>-<to>"`` and the panel shows one button per move. A pick on the
  selected mob again cancels.
- ``data-drag="d<bit>"`` on a mob that can move: the pick *selects* it (never toggles it off), so
  a drag of the already selected mob works like any other.
- ``data-drop="t<bit>"`` on destinations: the pick plays the selected (dragged) mob's move there,
  or cancels the selection with a short message. Every destination of every own mob is a drop
  target, selected or not: a drag starts by selecting the dragged mob (web/board.js's "lift", as
  in chessground), and its drop lands even before that selection's render arrives; while the
  AI thinks (premove), the waiting side's mobs are draggable onto every bit in play, and the pair
  is checked when it is sent, in the position after the AI's move.
The Editor phase is answered with the panel's buttons or a click on an offered line.

Board contract: every mob has ``data-piece`` (its bit's name); after a move the moved mob(s) say
``data-from`` (the bit it came from), a frag's bit ``data-anim="capture"``, a Raj put under flag
``data-anim="check"``, every bit the move changed ``data-changed``; ``ctx.hint`` marks its bits with
``data-hint``.
"""

from __future__ import annotations

from webtabletop.core.textboard import TextBoard
from webtabletop.core.view import GameView, PickResult, ViewContext
from webtabletop.games.dumaraj.rules import texts as T
from webtabletop.games.dumaraj.rules.pieces import MOBS, PIXA
from webtabletop.games.dumaraj.rules.state import DumaState
from webtabletop.games.dumaraj.ui import text
from webtabletop.games.dumaraj.ui.board_svg import BoardMixin, parse_token, selected_bit
from webtabletop.games.dumaraj.ui.glyphs import glyph, mob_diagram
from webtabletop.games.dumaraj.ui.panel import PanelMixin
from webtabletop.i18n import _, pgettext


class DumaRajView(BoardMixin, PanelMixin, GameView[DumaState]):
    player_colours = ("#f2efe6", "#262626")
    player_inks = ("#6b5a3e", "#262626")
    flippable = True
    premove = True
    side_names_plural = True

    @property
    def player_names(self) -> tuple[str, str]:  # type: ignore[override]
        """White and Black in the reader's language (looked up when shown)."""
        return (T.player_name(0), T.player_name(1))

    @property
    def preferences(self) -> tuple[tuple[str, str, bool], ...]:  # type: ignore[override]
        """Display switches (translated when the screen is drawn)."""
        return (("letters", _("Show mobs as letters"), False),)

    typed_example = "e2e4"

    def typed_moves(self, state: DumaState, ctx: ViewContext) -> dict[str, str]:
        """Moves typed by their codes, as Lichess takes UCI: the two bits (``e2e4``), a line's
        cut (``-a``)."""
        if not ctx.interactive or state.is_over:
            return {}
        return {mv.code.lower(): mv.code for mv in state.legal_moves()}

    def export_text(self, state: DumaState) -> str:
        return state.fen()

    def describe_move(self, before: DumaState, after: DumaState, code: str) -> str:
        return T.describe_move(before, after, code)

    def text_board(self, state: DumaState, ctx: ViewContext) -> TextBoard:
        """The location and the moves in words (text mode: ui/text.py)."""
        return text.text_board(self, state, ctx)

    def move_sound(self, before: DumaState, after: DumaState, code: str) -> str:
        return T.move_sound(before, after, code)

    # --- interaction ------------------------------------------------------------------------
    def pick(self, state: DumaState, ctx: ViewContext, token: str) -> PickResult:
        if not token or token[0] not in "sdt":
            return PickResult(selection=None, move=token)
        s = parse_token(token, token[0])
        if s is None or state.is_over:
            return PickResult(selection=None, message=pgettext("DumaRaj", "nothing to do here"))
        if state.editor is not None:
            return PickResult(
                selection=None, message=_("first remove a line or keep the location (see the panel)")
            )
        cur = selected_bit(ctx.selection)
        if token[0] == "d":  # a drag starts: select this mob, whatever was selected
            if self._moves_from(state, s):
                return PickResult(selection=f"s{s}")
            return self._why_not(state, s, None)
        if cur is not None and cur != s:
            options = [mv for mv in self._moves_from(state, cur) if self._dest(mv, cur) == s]
            if len(options) == 1:
                return PickResult(selection=None, move=options[0].code)
            if len(options) > 1:
                return PickResult(selection=f"{cur}-{s}", message=_("choose the move in the panel"))
        if token[0] == "t":  # a drop: the selected mob's move or nothing, never a new selection
            if cur is None:
                return PickResult(selection=None, message=_("select one of your mobs first"))
            return PickResult(selection=None, message=pgettext("DumaRaj", "not a legal move"))
        if cur == s:
            return PickResult(selection=None)
        if self._moves_from(state, s):
            return PickResult(selection=f"s{s}")
        return self._why_not(state, s, cur)

    def _why_not(self, state: DumaState, s: int, cur: int | None) -> PickResult:
        p = state.cells[s]
        if p and p >> 3 == state.side:
            return PickResult(
                selection=None, message=_("that {mob} has no legal move").format(mob=T.mob_name(p & 7))
            )
        return PickResult(
            selection=None,
            message=_("select one of your mobs first")
            if cur is None
            else pgettext("DumaRaj", "not a legal move"),
        )

    # --- rules page -------------------------------------------------------------------------
    def rules_html(self) -> str:
        from webtabletop.games.dumaraj.ui.rules_page import rules_html

        return rules_html()

    def rules_history_html(self) -> str:
        from webtabletop.games.dumaraj.ui.rules_page import history_html

        return history_html()


__all__ = ["DumaRajView", "glyph", "mob_diagram", "MOBS", "PIXA"]
