"""CardGO board, hand, time bars, preview and event log as SVG/HTML text (contract: core/view.py,
docs/board.md; the board's SVG is drawn by :mod:`~webtabletop.games.cardgo.ui.svg`).

Tokens: hand cards ``data-drag``/``data-pick`` = ``"h<i>"`` (select card i); empty legal cells
``data-drop``/``data-pick`` = the cell name (``"e5"``: place the selected card there); stones
``data-pick`` = ``"i<cell>"`` (explain the stone's value: "5 +1 Highland = 6"); buttons
``data-move`` = ``"skip"`` / ``"pass"``. The preview is drawn when ``ctx.hover`` names a cell (or is
``"h<i>@<cell>"``, drag token and drop token together) and a hand card is known (``ctx.selection``
or the ``h<i>@`` prefix); ``ctx.prefs["preview"] = False`` turns it off (the Preview switch).

Hidden information: a hand is drawn only for its owner (``ctx.viewer``), a stone on tall grass shows
its value only to its owner; both are shown to everyone only when ``ctx.reveal_all`` is set (the
app sets it after a game when the player asks to see everything).
"""

from __future__ import annotations

from webtabletop.core.explain import hint
from webtabletop.core.textboard import TextBoard
from webtabletop.core.view import GameView, PickResult, ViewContext, attrs_html, esc
from webtabletop.games.cardgo.rules.effects import EFFECTS, UNSEEN, card_text
from webtabletop.games.cardgo.rules.preview import Preview, describe, preview
from webtabletop.games.cardgo.rules.state import EMPTY, EXTRA, PLAYER_NAMES, CardgoState, Place
from webtabletop.games.cardgo.rules.terrain import TERRAINS
from webtabletop.games.cardgo.ui import svg, telling, text
from webtabletop.games.cardgo.ui.events import damage_text, event_lines, value_explanation, who
from webtabletop.games.cardgo.ui.explain import board_texts, card_attrs
from webtabletop.games.cardgo.ui.rules_page import designer_html, history_html, rules_html
from webtabletop.i18n import N_, _, ngettext

COLOURS = svg.COLOURS
#: visually hidden, still read by screen readers
HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"
#: a <summary> is a touch target: 44 px high
SUMMARY = "min-height:44px;display:flex;align-items:center;cursor:pointer"


def _token_cell(state: CardgoState, token: str | None) -> tuple[int | None, int | None]:
    """(hand index or None, cell or None) from a hover/pick token."""
    if not token:
        return None, None
    hand = None
    if "@" in token:
        head, _at, token = token.partition("@")
        if head.startswith("h") and head[1:].isdigit():
            hand = int(head[1:])
    try:
        return hand, state.grid.index_of(token)
    except KeyError:
        return hand, None


def _selected(ctx: ViewContext) -> int | None:
    sel = ctx.selection
    if sel and sel.startswith("h") and sel[1:].isdigit():
        return int(sel[1:])
    return None


class CardgoView(GameView[CardgoState]):
    def seed_help(self) -> str:
        return _("Leave empty for a random game; the same seed gives the same cards in both hands and draws.")

    @property
    def player_names(self) -> tuple[str, str]:  # type: ignore[override]
        """Green and Red in the reader's language (the shell reads them when it draws)."""
        return (_(PLAYER_NAMES[0]), _(PLAYER_NAMES[1]))

    player_colours = COLOURS
    player_inks = ("#1f6b2a", "#a3241c")
    privacy_screen = True
    preferences = (("preview", N_("Preview while dragging"), True),)

    # --- board -----------------------------------------------------------------------------
    def board(self, state: CardgoState, ctx: ViewContext) -> str:
        side = state.options.size
        w = svg.MARGIN + side * svg.CELL + 4
        h = svg.MARGIN + side * svg.CELL + svg.FOOT
        label = _("{options}: board").format(options=state.options.describe())
        out = [
            f'<svg class="board cardgo" viewBox="0 0 {w:g} {h:g}" role="group" '
            f'aria-label="{esc(label)}" preserveAspectRatio="xMidYMid meet" '
            'xmlns="http://www.w3.org/2000/svg">',
            svg.defs(),
            svg.coords(state),
        ]
        legal = self._legal(state, ctx)
        selected = _selected(ctx)
        marked = svg.marked_cells(state)
        for i in range(len(state.owners)):
            out.append(svg.cell_svg(state, ctx, i, i in legal, selected, i in marked))
        last = state.last
        if last is not None and last.kind == "place":
            out.append(svg.last_marks(state, ctx, last))
        out.append(svg.hint_ring(state, ctx))
        pv = self._preview_for(state, ctx)
        if pv is not None:
            out.append(svg.preview_layer(state, pv))
        out.append("</svg>")
        out.append(self._footer(state, pv))
        out.append(board_texts(state, ctx))  # the explanation cards' texts (explain.py), hidden
        return "".join(out)

    def _my_turn(self, state: CardgoState, ctx: ViewContext) -> bool:
        return ctx.interactive and not state.is_over and (ctx.viewer is None or ctx.viewer == state.player)

    def _legal(self, state: CardgoState, ctx: ViewContext) -> set[int]:
        if not self._my_turn(state, ctx) or state.legal_moves()[0].code == "pass":
            return set()
        return set(state.legal_cells())

    # --- preview ---------------------------------------------------------------------------
    def _preview_for(self, state: CardgoState, ctx: ViewContext) -> Preview | None:
        if not ctx.previews or not ctx.prefs.get("preview", True) or not ctx.hover or state.is_over:
            return None
        if ctx.viewer is not None and ctx.viewer != state.player:
            return None
        hand, cell = _token_cell(state, ctx.hover)
        if hand is None:
            hand = _selected(ctx)
        if hand is None and state.phase == EXTRA:
            playable = state.playable_hand()
            hand = playable[0] if len(playable) == 1 else None
        if hand is None or cell is None or not 0 <= hand < len(state.hands[state.player]):
            return None
        p = preview(state, hand, cell, ctx.viewer if ctx.viewer is not None else state.player)
        return p if p.legal else None

    def _footer(self, state: CardgoState, p: Preview | None) -> str:
        """The line under the board (the preview, the last move's damage, or how to play), in HTML
        after the drawing: it wraps inside the board's column, where SVG text would be cut off."""
        if p is not None:
            dmg = damage_text(p.damage)
            text = (
                _("Preview {cell}: {damage} (random part)")
                if p.random or p.maybe
                else _("Preview {cell}: {damage}")
            ).format(cell=state.grid.names[p.cell], damage=dmg)
        elif state.last is not None:
            r = state.last
            dmg = damage_text(((r.damage[0], r.damage[0]), (r.damage[1], r.damage[1])))
            text = _("Last move, turn {turn}: {damage}").format(turn=r.turn, damage=dmg)
        else:
            text = _("Drag a hand card onto an empty cell (or pick a card, then a cell).")
        return f'<p class="board-foot" data-key="board-foot">{esc(text)}</p>'

    # --- panel ------------------------------------------------------------------------------
    def time_bars(self, state: CardgoState) -> str:
        top = max(state.options.start_time, *state.time)
        out = ['<div class="cg-times" style="display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center">']
        for p in (0, 1):
            pct = 100.0 * state.time[p] / top if top else 0
            turn = " cg-turn" if p == state.player and not state.is_over else ""
            weight = "700" if turn else "400"
            label = _("{player}: time {n}").format(player=who(p), n=state.time[p])
            out.append(
                f'<div class="cg-time{turn}" role="meter" aria-valuemin="0" aria-valuemax="{top}" '
                f'aria-valuenow="{state.time[p]}" aria-label="{esc(label)}" style="font-weight:{weight}">'
                f'<span class="cg-name">{esc(who(p))}</span> '
                f'<span class="cg-bar" style="display:inline-block;width:64px;height:10px;background:var(--line, #ddd);border-radius:5px;overflow:hidden">'
                f'<span style="display:block;width:{pct:.1f}%;height:100%;background:{COLOURS[p]}"></span></span> '
                f"<b>{state.time[p]}</b></div>"
            )
        out.append("</div>")
        return "".join(out)

    def panel(self, state: CardgoState, ctx: ViewContext) -> str:
        out = [self.time_bars(state)]
        viewer = ctx.viewer
        my_turn = self._my_turn(state, ctx)
        # a hand is drawn for its owner only (a spectator sees how many cards each holds), and for
        # everyone once the player asked to see everything after the game
        others = []  # "Red holds 4 cards." goes on the log/legend row (phone: the board stays on screen)
        for p in (0, 1):
            if p == viewer or ctx.reveal_all:
                out.append(self._hand(state, ctx, p, my_turn and p == state.player))
            else:
                n = len(state.hands[p])
                text = ngettext("{player} holds {n} card.", "{player} holds {n} cards.", n)
                others.append(
                    '<p class="cg-other" style="margin:0;min-height:44px;display:flex;align-items:center">'
                    f"{esc(text.format(player=who(p), n=n))}</p>"
                )
        if state.pending is not None:  # by link: Brave, Evil, Sorrow or Love waits for its seed
            text = _("The outcome of the card just played comes with the next link: nobody knows it yet.")
            out.append(f'<p class="note cg-pending">{esc(text)}</p>')
        hinted = ctx.hint
        if my_turn and state.phase == EXTRA:
            text = _("Extra play: you may also play a card of value {value}.").format(value=state.extra_value)
            out.append(self._choice(text, "skip", _("Skip"), hinted == "skip"))
        elif my_turn and state.legal_moves()[0].code == "pass":
            out.append(self._choice(_("No cell is free for you: pass."), "pass", _("Pass"), hinted == "pass"))
        pv = self._preview_for(state, ctx)
        if pv is not None:
            # read out, but not drawn: a line appearing above the board on a phone would move the
            # board under the finger during a drag (the board's footer and layer show the preview)
            out.append(
                f'<p class="cg-preview" aria-live="polite" style="{HIDDEN}">{esc(describe(state, pv))}</p>'
            )
        # card counts, log and legend share one row, closed: on a phone the board stays on screen
        lines = event_lines(state, viewer, limit=8, reveal=ctx.reveal_all)
        row = [
            '<div class="cg-more" style="display:flex;flex-wrap:wrap;gap:0 14px;align-items:flex-start">',
            *others,
        ]
        if lines:
            items = "".join(f"<li>{esc(x)}</li>" for x in lines)
            title = _("Event log")
            row.append(
                f'<details class="cg-log" style="flex:1 1 auto"><summary style="{SUMMARY}">'
                f"{esc(title)}</summary><ol>{items}</ol></details>"
            )
        row.append(self.legend(state))
        row.append("</div>")
        out.append("".join(row))
        if state.options.terrain or state.options.effects:
            out.append(
                hint(
                    _("Point at a card, a stone or a cell to see what it does (or press I on it)."),
                    _("Touch and hold a card, a stone or a cell to see what it does."),
                )
            )
        return "".join(out)

    @staticmethod
    def _choice(text: str, code: str, button: str, hinted: bool) -> str:
        a = attrs_html(
            type="button",
            class_="btn",
            data_move=code,
            data_key=code,
            tabindex="0",
            role="button",
            aria_label=button,
            data_hint=hinted,
            style="min-height:44px;min-width:88px",
        )
        return f'<div class="choice"><p>{esc(text)}</p><button {a}>{esc(button)}</button></div>'

    def _hand(self, state: CardgoState, ctx: ViewContext, owner: int, active: bool) -> str:
        hand = state.hands[owner]
        playable = set(state.playable_hand()) if active else set()
        selected = _selected(ctx)
        hint = ctx.hint.partition("@")[0] if ctx.hint and "@" in ctx.hint else None
        group = _("{player}'s hand").format(player=who(owner))
        out = [
            f'<div class="cg-hand" role="group" aria-label="{esc(group)}" '
            'style="display:flex;flex-wrap:wrap;gap:4px;margin:4px 0">'
        ]
        for i, card in enumerate(hand):
            if card == UNSEEN:  # by link: a card drawn with a seed that has not arrived yet
                label = _("Card {n}: you see it when your friend's next link arrives.").format(n=i + 1)
                out.append(
                    f'<div class="cg-card unseen" role="img" aria-label="{esc(label)}" title="{esc(label)}" '
                    f'style="display:inline-flex;align-items:center;justify-content:center;min-width:46px;min-height:52px;'
                    f'border:2px dashed {COLOURS[owner]};border-radius:6px;color:var(--muted, #5b6473);font-size:20px">?</div>'
                )
                continue
            eff = EFFECTS[card.effect]
            shown = card_text(card)
            # the accessible name starts with the visible text ("3 Joy"), as WCAG 2.5.3 asks; the
            # effect's rule is its description (explain.py), also shown on its explanation card
            label = _("{card}: card {n}").format(card=shown, n=i + 1)
            classes = (
                "cg-card" + (" selected" if selected == i else "") + ("" if i in playable else " inactive")
            )
            act = {}
            if i in playable:
                act = {"data_drag": f"h{i}", "data_pick": f"h{i}", "tabindex": "0", "role": "button"}
            a = attrs_html(
                class_=classes,
                data_key=f"card-{i}",
                data_piece=f"hand{owner}-{i}",
                data_hint=hint == str(i),
                aria_label=label,
                aria_pressed=("true" if selected == i else "false") if act else None,
                **card_attrs(card.effect),
                **act,
            )
            style = (
                "display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
                f"min-width:46px;max-width:92px;min-height:52px;padding:2px 3px;text-align:center;overflow-wrap:break-word;hyphens:auto;box-sizing:border-box;border:2px solid {COLOURS[owner]};"
                f"border-radius:6px;background:var(--card-face, #fffdf5);color:var(--ink, #1c2330);opacity:{1 if i in playable else 0.6};"
                f"cursor:{'grab' if i in playable else 'default'};"
                + ("box-shadow:0 0 0 3px #f2b705;" if selected == i else "")
            )
            badge = (
                f'<span class="cg-eff" style="font-size:10px;line-height:1.1">{esc(_(eff.name))}</span>'
                if card.effect
                else ""
            )
            out.append(
                f'<div {a} style="{style}"><span class="cg-val" style="font-size:20px;font-weight:700;line-height:1.1">'
                f"{card.value}</span> {badge}</div>"  # the space: its text reads "5 Joy", as its label
            )
        out.append("</div>")
        return "".join(out)

    def legend(self, state: CardgoState) -> str:
        kinds = sorted(set(state.terrain))
        title = _("Terrain legend")
        items = "".join(
            f'<li><span class="cg-swatch" style="display:inline-block;width:14px;height:14px;background:{TERRAINS[k].colour};border:1px solid #888"></span> '
            f"{esc(TERRAINS[k].icon)} <b>{esc(_(TERRAINS[k].name))}</b>: {esc(_(TERRAINS[k].text))}</li>"
            for k in kinds
        )
        return (
            f'<details class="cg-legend" style="flex:1 1 auto"><summary style="{SUMMARY}">'
            f"{esc(title)}</summary><ul>{items}</ul></details>"
        )

    # --- scoreboard and prompts -------------------------------------------------------------
    def status(self, state: CardgoState) -> list[tuple[str, str]]:
        stones = [sum(1 for o in state.owners if o == p) for p in (0, 1)]
        return [
            (_("Time"), f"{state.time[0]} · {state.time[1]}"),
            (_("Stones"), f"{stones[0]} · {stones[1]}"),
            (_("Turn"), str(state.turn)),
        ]

    def score(self, state: CardgoState) -> tuple[str, str, str]:
        return _("Time"), str(state.time[0]), str(state.time[1])

    def prompt(self, state: CardgoState, ctx: ViewContext) -> str:
        out = state.outcome()
        if out is not None:
            if out.winner is None:
                return _("Draw: {reason}.").format(reason=out.reason)
            return _("{player} wins: {reason}.").format(player=who(out.winner), reason=out.reason)
        name = who(state.player)
        if state.phase == EXTRA:
            return _("{player}: you may play a card of value {value} as well, or skip.").format(
                player=name, value=state.extra_value
            )
        if state.legal_moves()[0].code == "pass":
            return _("{player} cannot place anywhere and must pass.").format(player=name)
        if _selected(ctx) is not None:
            return _("{player}: now choose an empty cell for the selected card.").format(player=name)
        return _("{player}: drag a hand card onto an empty cell (or pick a card, then a cell).").format(
            player=name
        )

    typed_example = "1e5"

    def typed_moves(self, state: CardgoState, ctx: ViewContext) -> dict[str, str]:
        """A placement typed as the card's place in the hand and the cell (``1e5``: the first
        card on e5, as a cell's label says "place card 1 here"); ``pass`` when it is legal."""
        if not ctx.interactive or state.is_over or ctx.viewer not in (None, state.to_move()):
            return {}
        out = {}
        for mv in state.legal_moves():
            slot, at, cell = mv.code.partition("@")
            out[f"{int(slot) + 1}{cell}" if at and slot.isdigit() else mv.code] = mv.code
        return out

    def pick(self, state: CardgoState, ctx: ViewContext, token: str) -> PickResult:
        if token in ("skip", "pass"):
            return PickResult(selection=None, move=token)
        if token.startswith("i"):
            try:
                cell = state.grid.index_of(token[1:])
            except KeyError:
                cell = None
            if cell is not None and state.owners[cell] != EMPTY:
                why = value_explanation(state, cell, ctx.viewer, ctx.reveal_all)
                return PickResult(
                    selection=ctx.selection, message=_("{cell}: {why}").format(cell=token[1:], why=why)
                )
        if token.startswith("h") and token[1:].isdigit():
            i = int(token[1:])
            if i not in state.playable_hand():
                if state.phase == EXTRA:
                    msg = _("That card cannot be played now (the extra play needs a card of value {value}).")
                else:
                    msg = _("That card cannot be played now.")
                return PickResult(selection=ctx.selection, message=msg.format(value=state.extra_value))
            return PickResult(selection=token)
        hand, cell = _token_cell(state, token)
        if cell is None:
            return PickResult(
                selection=ctx.selection, message=_("Unknown target {token}.").format(token=token)
            )
        if hand is None:
            hand = _selected(ctx)
        if hand is None:
            playable = state.playable_hand()
            if len(playable) == 1:
                hand = playable[0]
            else:
                return PickResult(selection=None, message=_("Choose a hand card first, then a cell."))
        why = state.why_illegal(hand, cell)
        if why is not None:
            return PickResult(selection=ctx.selection, message=why)
        return PickResult(selection=None, move=Place(hand, cell, state.grid.names[cell]).code)

    def describe_move(self, before: CardgoState, after: CardgoState, code: str) -> str:
        return telling.describe(before, after, code)

    def text_board(self, state: CardgoState, ctx: ViewContext) -> TextBoard:
        """The board, hands, time and moves in words (text mode: ui/text.py)."""
        return text.text_board(self, state, ctx)

    def news(self, before: CardgoState, after: CardgoState, code: str, viewer: int | None) -> list[str]:
        """Cards drawn: named to their owner only (ui/text.py)."""
        return text.news(before, after, code, viewer)

    def move_sound(self, before: CardgoState, after: CardgoState, code: str) -> str:
        return telling.sound(before, after, code)

    def options_help(self) -> dict[str, str]:
        from webtabletop.games.cardgo.rules.options import options_help

        return options_help()

    def options_labels(self) -> dict[str, str]:
        from webtabletop.games.cardgo.ui.option_words import options_labels

        return options_labels()

    def choice_labels(self) -> dict[str, dict[str, str]]:
        from webtabletop.games.cardgo.ui.option_words import choice_labels

        return choice_labels()

    def first_game_note(self, dialog: bool) -> str:
        from webtabletop.games.cardgo.ui.option_words import first_game_note

        return first_game_note(dialog)

    def rules_html(self) -> str:
        return rules_html()

    def rules_history_html(self) -> str:
        return history_html()

    def designer_html(self) -> str:
        return designer_html()


VIEW = CardgoView()
