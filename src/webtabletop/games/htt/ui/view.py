"""The HTT view: the board and both hands as one SVG, the panel and the prompts (single cards and
the collection pages' lists are in ``render.cards``, the rules page in ``render.rules_page``).

Hidden information: the opponent's unplayed cards are drawn face down unless the table is Open or
the player asked to see everything after the game (``ctx.reveal_all``); a spectator (no viewer,
e.g. behind the hot-seat privacy screen) sees both hands face down. Deck strength is shown only
for hands the viewer may see. Hands are drawn in hand order (the order arranged or dealt).

Interaction tokens: a hand card of the player to move has ``data-pick="h<slot>"`` and
``data-drag="h<slot>"``; an empty cell has ``data-pick="c<cell>"`` and ``data-drop="c<cell>"``.
Pick a card then a cell (or drag the card onto the cell) to place it. Draw offers and the winner's
face-down pick are ``data-move`` buttons in the panel; a lesson or puzzle (``ctx.study``) offers no
draw and leaves the table-rules line to its page. The flips of the last move carry numbered
markers in chain order (Same/Plus/Minus first, then each Combo step).
"""

from __future__ import annotations

from webtabletop.core.house_rules import subtitle
from webtabletop.core.textboard import TextBoard
from webtabletop.core.view import GameView, PickResult, ViewContext, esc
from webtabletop.games.htt.rules.state import DRAW, OVER, PICK, PLAY, PLAYER_NAMES, HttState
from webtabletop.games.htt.ui import text
from webtabletop.games.htt.ui.render.board import BoardDrawing, placed
from webtabletop.games.htt.ui.render.cards import card_back_svg
from webtabletop.games.htt.ui.render.rules_page import history_html, options_help, rules_html
from webtabletop.games.htt.ui.render.style import HTT_CSS
from webtabletop.games.htt.ui.render.text import cause_text, describe, prompt_text, result_text
from webtabletop.i18n import _
from webtabletop.i18n.text import join_list


class HttView(BoardDrawing, GameView[HttState]):
    player_names = PLAYER_NAMES
    player_colours = ("#2f6fd6", "#d0453b")
    player_inks = ("#1d4f9f", "#a32a22")
    privacy_screen = True
    offer_move = "draw"  # the panel's "Offer a draw" (the digest's draw button) asks first
    #: hands come from the deck chooser of the new-game dialog (dealt / Own deck / Random; see
    #: :mod:`webtabletop.games.htt.ui.pages.extension`), not typed into the form
    hidden_options = ("hand0", "hand1", "own_deck", "random_hands")

    def seed_help(self) -> str:
        return _(
            "Leave empty for a random game; the same seed gives the same first player, the same dealt "
            "hands and the same matter icons."
        )

    def first_player_note(self) -> str:
        return _("A coin decides who starts.")

    def panel(self, state: HttState, ctx: ViewContext) -> str:
        out = ['<div class="htt-panel">']
        me = ctx.viewer if ctx.viewer is not None else state.player
        if (
            state.phase == PLAY
            and ctx.interactive
            and not ctx.study
            and not ctx.by_link  # a match by link offers it among its own buttons
            and me == state.player
            and "draw" in [m.code for m in state.legal_moves()]
        ):
            out.append(
                '<button type="button" data-move="draw" class="btn htt-draw">'
                + str(esc(_("Offer a draw")))
                + "</button>"
            )
        elif state.phase == DRAW and ctx.interactive and me == state.player and not ctx.by_link:
            out.append(
                "<p>"
                + str(esc(_("{player} offers a draw.").format(player=_(PLAYER_NAMES[1 - state.player]))))
                + "</p>"
            )
            out.append(
                '<button type="button" class="btn primary" data-move="accept">'
                + str(esc(_("Accept the draw")))
                + '</button> <button type="button" class="btn" data-move="decline">'
                + str(esc(_("Decline")))
                + "</button>"
            )
        elif state.phase == PICK:
            loser = 1 - state.player
            if ctx.interactive and me == state.player:
                out.append(
                    "<p>"
                    + str(
                        esc(
                            _(
                                "You won! Take one of {player}’s cards — they lie face down in random order."
                            ).format(player=_(PLAYER_NAMES[loser]))
                        )
                    )
                    + "</p>"
                )
                out.append('<div class="htt-pick">')
                for i in range(len(state.pick_order)):
                    svg = f'<svg viewBox="0 0 60 70" width="60" height="70" aria-hidden="true">{card_back_svg(30, 35, 34)}</svg>'
                    out.append(
                        '<button type="button" class="btn htt-take" data-move="t'
                        + str(i)
                        + '" aria-label="'
                        + str(esc(_("Face-down card {n}").format(n=i + 1)))
                        + '">'
                        + str(svg)
                        + "</button>"
                    )
                out.append("</div>")
            else:
                out.append(
                    "<p>"
                    + str(
                        esc(
                            _("{player} is choosing one of {loser}’s cards.").format(
                                player=_(PLAYER_NAMES[state.player]), loser=_(PLAYER_NAMES[loser])
                            )
                        )
                    )
                    + "</p>"
                )
        elif state.phase == OVER:
            out.append(f'<p class="htt-result">{esc(self._result(state, ctx))}</p>')
        if state.flips:
            out.append(
                '<ol class="htt-flips" aria-label="' + str(esc(_("Cards turned by the last move"))) + '">'
            )
            names = state.board.grid.names
            for f in state.flips:
                why = cause_text(f.cause)
                item = (
                    _("{cell}: {why} (chain step {step})").format(cell=names[f.cell], why=why, step=f.step)
                    if f.step > 1
                    else _("{cell}: {why}").format(cell=names[f.cell], why=why)
                )
                out.append(f"<li>{esc(item)}</li>")
            out.append("</ol>")
        if not ctx.study:  # a lesson's page names its rules itself
            out.append(f'<p class="htt-rules">{esc(subtitle(state.options))}</p>')  # with its house rules
        out.append(self._strengths(state, ctx))
        out.append("</div>")
        return "".join(out)

    @staticmethod
    def _strengths(state: HttState, ctx: ViewContext) -> str:
        """Own deck: the deck strength (sum of levels) of the hands the viewer may see, never of a
        hidden one (its levels are part of what is hidden); nothing for a spectator."""
        if not state.options.own_deck:
            return ""
        hidden = state.hidden(ctx.viewer, ctx.reveal_all)
        shown = [p for p in (0, 1) if p not in hidden and not state.dealt[p]]
        if not shown:
            return ""
        parts = [
            _("{player} {strength}").format(
                player=_(PLAYER_NAMES[p]), strength=sum(c.level for c in state.decks[p])
            )
            for p in shown
        ]
        text = _("Deck strength (sum of levels): {strengths}").format(strengths=join_list(parts))
        return f'<p class="htt-rules htt-strength">{esc(text)}</p>'

    @staticmethod
    def _result(state: HttState, ctx: ViewContext) -> str:
        return result_text(state, ctx.viewer, ctx.by_link)

    def status(self, state: HttState) -> list[tuple[str, str]]:
        a, b = state.score() if state.phase != OVER else state.scores
        return [(_(PLAYER_NAMES[0]), str(a)), (_(PLAYER_NAMES[1]), str(b))]

    def score(self, state: HttState) -> tuple[str, str, str]:
        a, b = state.score() if state.phase != OVER else state.scores
        return _("Score"), str(a), str(b)

    def prompt(self, state: HttState, ctx: ViewContext) -> str:
        if state.phase == OVER:
            return self._result(state, ctx)
        me = ctx.viewer if ctx.viewer is not None else state.player
        return prompt_text(state, me, ctx.interactive, self._selected_slot(state, ctx) is not None)

    def describe_move(self, before: HttState, after: HttState, code: str) -> str:
        """ "Red plays Ifrit on c3 and turns b2 and c3 with Plus. Combo turns d4." (docs/board.md)"""
        return describe(before, after, code)

    def text_board(self, state: HttState, ctx: ViewContext) -> TextBoard:
        """The board, both hands and the moves in words (text mode: ui/text.py)."""
        return text.text_board(self, state, ctx)

    def move_sound(self, before: HttState, after: HttState, code: str) -> str:
        """ "capture" when the move turned cards, else "move"."""
        return "capture" if placed(before, after) is not None and after.flips else "move"

    def pick(self, state: HttState, ctx: ViewContext, token: str) -> PickResult:
        if state.phase != PLAY:
            return PickResult(
                selection=None, move=token if token in [m.code for m in state.legal_moves()] else None
            )
        if ctx.viewer is not None and ctx.viewer != state.player:
            return PickResult(selection=None, message=_("It is not your turn."))
        if token.startswith("h") and token[1:].isdigit():
            slot = int(token[1:])
            slots = state.hand_slots(state.player)
            if slot not in slots:
                return PickResult(selection=None, message=_("That card is not in your hand."))
            if state.options.in_order and slot != slots[0]:
                return PickResult(
                    selection=None, message=_("In order: you must play your cards from the first one on.")
                )
            return PickResult(selection=token)  # no toggle: a drag re-picks the selected card
        if token.startswith("c") and token[1:].isdigit():
            cell = int(token[1:])
            slot = self._selected_slot(state, ctx)
            if slot is None:
                return PickResult(selection=None, message=_("Choose a card from your hand first."))
            if not 0 <= cell < state.board.size or state.owners[cell] != -1:
                return PickResult(selection=ctx.selection, message=_("That cell is taken."))
            code = f"{slot}{state.board.grid.names[cell]}"
            if code not in [m.code for m in state.legal_moves()]:
                return PickResult(selection=None, message=_("That card cannot be played there."))
            return PickResult(selection=None, move=code)
        if token in [m.code for m in state.legal_moves()]:
            return PickResult(selection=None, move=token)
        return PickResult(selection=ctx.selection)

    typed_example = "1b2"

    def typed_moves(self, state: HttState, ctx: ViewContext) -> dict[str, str]:
        """A placement typed as the card's place in the hand (as its label says: "card 2 of
        your hand") and the cell: ``2b3``."""
        if not self._can_act(state, ctx):
            return {}
        place = {slot: n for n, slot in enumerate(state.orders[state.player], start=1)}
        out = {}
        for mv in state.legal_moves():
            code = getattr(mv, "code", "")
            if code[:1].isdigit():
                out[f"{place[int(code[0])]}{code[1:]}".lower()] = code
        return out

    def rules_html(self) -> str:
        return HTT_CSS + rules_html()

    def rules_history_html(self) -> str:
        return history_html()

    def options_help(self) -> dict[str, str]:
        return options_help()

    def options_labels(self) -> dict[str, str]:
        from webtabletop.games.htt.ui.render.option_words import options_labels

        return options_labels()

    def choice_labels(self) -> dict[str, dict[str, str]]:
        from webtabletop.games.htt.ui.render.option_words import choice_labels

        return choice_labels()


VIEW = HttView()
