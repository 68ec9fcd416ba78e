"""DumaRaj's panel, prompt, score lines and new-game dialog texts (mixed into the view).

Every word goes through gettext when it is drawn; the option labels and help explain the
dialog's fields in words (the position text, piCSbumm), and DumaRaj has no chance at all, so the
seed's help says so instead of speaking of dice.
"""

from __future__ import annotations

from webtabletop.core.explain import hint
from webtabletop.core.view import ViewContext, attrs_html, esc
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import notation as N
from webtabletop.games.dumaraj.rules import texts as T
from webtabletop.games.dumaraj.rules.endings import DRAW_MOVES
from webtabletop.games.dumaraj.rules.state import DumaState
from webtabletop.i18n import _, pgettext


def _button(code: str, text: str, cls: str = "btn") -> str:
    a = attrs_html(
        type="button",
        class_=cls,
        data_move=code,
        data_key=f"mv-{code}",
        tabindex="0",
        role="button",
        aria_label=text,
    )
    return f"<button {a}>{esc(text)}</button>"


class PanelMixin:
    """Panel, status, prompt and dialog texts of :class:`~webtabletop.games.dumaraj.ui.view.DumaRajView`."""

    def _moves_from(self, state, s):  # provided by the view
        raise NotImplementedError

    def _dest(self, mv, sel):  # provided by the view
        raise NotImplementedError

    def panel(self, state: DumaState, ctx: ViewContext) -> str:
        out = state.outcome()
        if out is not None:
            return f'<p class="outcome" aria-live="polite">{esc(T.outcome_text(out))}</p>'
        who = T.player_name(state.side)
        html = []
        if state.editor is not None:
            html.append(
                '<div class="choice" aria-live="polite"><p>'
                + esc(
                    _("Editor: {player} may remove an empty outer line behind the moved mob.").format(
                        player=who
                    )
                )
                + "</p>"
            )
            if ctx.interactive:
                for mv in state.legal_moves():
                    html.append(_button(mv.code, self._editor_button(state, mv)))
            html.append("</div>")
            return "".join(html)
        if ctx.interactive and ctx.selection and "-" in ctx.selection:
            from webtabletop.games.dumaraj.ui.board_svg import bit_number

            a, _sep, z = ctx.selection.partition("-")
            frm, to = bit_number(a), bit_number(z)
            if frm is not None and to is not None:
                moves = [mv for mv in self._moves_from(state, frm) if self._dest(mv, frm) == to]
                if moves:
                    choose = esc(pgettext("DumaRaj", "Choose:"))
                    html.append(f'<div class="choice"><p>{choose}</p>')
                    html.extend(_button(mv.code, mv.label) for mv in moves)
                    html.append("</div>")
        if ctx.interactive:
            special = [mv for mv in state.legal_moves() if mv.kind in (E.RAJFLEX, E.PAIRFLEX, E.BUMM)]
            if special:
                title = esc(pgettext("DumaRaj", "Arbitrary moves:"))
                html.append(f'<div class="choice special"><p>{title}</p>')
                html.extend(_button(mv.code, mv.label) for mv in special)
                html.append("</div>")
        if state.in_check():
            flag = _("{player}'s Raj is under flag.").format(player=who)
            html.append(f'<p class="note flag">{esc(flag)}</p>')
        if state.bumm is not None:
            bit = N.square_name(state.bumm[0], state.width)
            note = _("piCSbumm possible on {bit} this move.").format(bit=bit)
            html.append(f'<p class="note">{esc(note)}</p>')
        html.append(
            hint(
                _("Point at a mob to see how it moves (or press I on it)."),
                _("Touch and hold a mob to see how it moves."),
            )
        )
        return "".join(html)

    def _editor_button(self, state: DumaState, mv) -> str:
        if mv.kind == E.SKIP:
            return pgettext("DumaRaj", "Keep the location")
        return _("Remove {line}").format(line=T.line_label(E.m_from(mv.m)))

    def score(self, state: DumaState) -> tuple[str, str, str]:
        mw, mb = state.material()
        return pgettext("DumaRaj", "Material"), str(mw), str(mb)

    def status(self, state: DumaState) -> list[tuple[str, str]]:
        o = state.options
        mw, mb = state.material()
        rows = [
            (pgettext("DumaRaj", "Material"), f"{mw} · {mb}"),
            (pgettext("DumaRaj", "Move"), str(state.full)),
            (pgettext("DumaRaj", "Moves without progress"), f"{state.half} / {DRAW_MOVES}"),
            (pgettext("DumaRaj", "Plies played"), f"{state.ply} / {state.cap}"),
        ]
        x0, y0, x1, y1 = state.rect
        if o.editor:
            rows.append(
                (
                    pgettext("DumaRaj", "Location"),
                    _("{w}×{h} of {width}×{height}").format(
                        w=x1 - x0 + 1, h=y1 - y0 + 1, width=state.width, height=state.height
                    ),
                )
            )
        c = state.ctr
        if o.raj_flex:
            rows.append((_("Raj flexes used"), f"{bin(c[0]).count('1')} · {bin(c[1]).count('1')}"))
        if o.pair_flex:
            wait = [max(0, E.PAIR_FLEX_GAP - c[4 + p]) for p in (0, 1)]
            rows.append(
                (_("Pair flexes used (own moves to wait)"), f"{c[2]} ({wait[0]}) · {c[3]} ({wait[1]})")
            )
        return rows

    def prompt(self, state: DumaState, ctx: ViewContext) -> str:
        out = state.outcome()
        if out is not None:
            return T.outcome_text(out)
        who = T.player_name(state.side)
        if state.editor is not None:
            return _("{player}: remove an offered line, or keep the location.").format(player=who)
        if ctx.selection and "-" in ctx.selection:
            return _("{player}: choose the move in the panel.").format(player=who)
        if ctx.selection:
            return _("{player}: pick a marked destination (or the mob again to cancel).").format(player=who)
        if state.in_check():
            return _("{player}: your Raj is under flag — answer it.").format(player=who)
        return _("{player}: select a mob to move, or drag it.").format(player=who)

    def options_labels(self) -> dict[str, str]:
        """The new-game dialog's field names (the app's own "Preset" list stays the only one)."""
        return {
            "preset": pgettext("DumaRaj", "Location"),
            "fen": _("Start position (position text)"),
            "trigon_degree": _("Trigon’ degree"),
            "raj_capture": _("Raj capture (no mate rule)"),
            "raj_flex": pgettext("DumaRaj", "Raj flex"),
            "pair_flex": pgettext("DumaRaj", "Pair flex"),
            "editor": pgettext("DumaRaj", "Editor"),
            "warp": pgettext("DumaRaj", "Warp"),
            "picsbumm": pgettext("DumaRaj", "piCSbumm"),
            "rhombus": _("Rhombus location"),
        }

    def options_help(self) -> dict[str, str]:
        return {
            "preset": _("Grand 10×10 with Trigon’ (default), or Classic 8×8 without Trigon’."),
            "fen": _(
                "Optional. A position written as text, one row of bits after another from the far side "
                "(letters = mobs, capitals = White, digits = empty bits), then w or b for the side to move. "
                "Make one in the position editor. Empty = the location chosen above."
            ),
            "trigon_degree": _(
                "Trigon’ leaps: 1 = camel, 2 = knight or camel (default), 3 = knight, camel or zebra."
            ),
            "raj_capture": _("No mate rule: the game ends when a Raj is fragged."),
            "raj_flex": _(T.AGREED_MOVES["raj_flex"]),
            "pair_flex": _(T.AGREED_MOVES["pair_flex"]),
            "editor": _("After a move, an empty outer line behind the moved mob may be removed."),
            "warp": _("Gon’ and Pixa may leave over a border and come back from the opposite one."),
            "picsbumm": _(T.AGREED_MOVES["picsbumm"]),
            "rhombus": _("Show the location turned 45° (no Warp then)."),
        }

    def choice_labels(self) -> dict[str, dict[str, str]]:
        """The location presets and the app's preset list in words."""
        grand, classic = _("Grand 10×10"), _("Classic 8×8")
        return {
            "preset": {"grand": grand, "classic": classic},
            "_preset": {
                "grand": grand,
                "classic": classic,
                "grand-all": _("Grand 10×10 with every arbitrary move"),
            },
        }

    def seed_help(self) -> None:
        return None  # DumaRaj has no chance: the new-game dialog shows no seed field
