"""The HTT view: the board and both hands as one SVG, the panel and the prompts (single cards and
the collection pages' lists are in ``cards_html``, the rules page in ``rules_page``).

Hidden information: the opponent's unplayed cards are drawn face down unless the table is Open or
the player asked to see everything after the game (``ctx.reveal_all``); a spectator (no viewer,
e.g. behind the hot-seat privacy screen) sees both hands face down. Deck strength is shown only
for hands the viewer may see. Hands are drawn in hand order (the order arranged or dealt).

Interaction tokens: a hand card of the player to move has ``data-pick="h<slot>"`` and
``data-drag="h<slot>"``; an empty cell has ``data-pick="c<cell>"`` and ``data-drop="c<cell>"``.
Pick a card then a cell (or drag the card onto the cell) to place it. Draw offers and the winner's
face-down pick are ``data-move`` buttons in the panel. The flips of the last move carry numbered
markers in chain order (Same/Plus/Minus first, then each Combo step).
"""

from __future__ import annotations

import math

from webtabletop.core.grid import SQRT3
from webtabletop.core.view import GameView, PickResult, ViewContext, attrs_html, esc
from webtabletop.games.htt.cards import MATTER_COLOURS
from webtabletop.games.htt.cards_html import (
    OWNER_FILL,
    OWNER_STROKE,
    card_back_svg,
    card_svg,
    card_title,
    points,
)
from webtabletop.games.htt.rules import DRAW, OVER, PICK, PLAY, PLAYER_NAMES, HttState
from webtabletop.games.htt.rules_page import options_help, rules_html
from webtabletop.i18n import N_, _

S = 46  # pixels per cell unit (hex circumradius on the board)
CAUSE_TITLES = {
    "standard": N_("higher value"),
    "same": N_("Same"),
    "plus": N_("Plus"),
    "minus": N_("Minus"),
    "combo": N_("Combo"),
}


def _cause(cause: str) -> str:
    """Why a card turned, for people: "Same", "Same and Plus", "higher value"…"""
    parts = [_(CAUSE_TITLES.get(c, c)) for c in cause.split("+")]
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {second}").format(first=", ".join(parts[:-1]), second=parts[-1])


def _hover_parts(ctx: ViewContext) -> tuple[str | None, str | None]:
    """(dragged token, hovered drop token) from ``ctx.hover`` ("<drag>@<drop>" or "<drop>")."""
    if not ctx.hover:
        return None, None
    drag, _sep, drop = ctx.hover.rpartition("@")
    return drag or None, drop


class HttView(GameView):
    player_names = PLAYER_NAMES
    player_colours = ("#2f6fd6", "#d0453b")
    player_inks = ("#1d4f9f", "#a32a22")
    privacy_screen = True
    #: hands come from the deck chooser of the new-game dialog (dealt / Own deck / Random; see
    #: :mod:`webtabletop.games.htt.pages`), not typed into the form
    hidden_options = ("hand0", "hand1", "own_deck", "random_hands")

    # --- layout --------------------------------------------------------------------------------
    def _layout(self, state: HttState, tall: bool = False, bottom: int = 0) -> dict:
        """Geometry of one board variant: wide (hands as columns left and right of the board) or
        tall (hands as rows above and below it, for narrow screens; ``bottom`` = the hand below)."""
        grid = state.board.grid
        hand = len(state.decks[0])
        hr = S * 0.78  # hand card radius
        cw, ch = SQRT3 * hr + 6, 2 * hr * 0.98
        board_w, board_h = grid.width * S, grid.height * S
        if not tall:
            cols = 1 if hand <= 5 else 2
            rows = math.ceil(hand / cols)
            hand_w = cols * cw + 8
            height = max(board_h, rows * ch + 8) + 16
            width = hand_w * 2 + board_w + 24
            boxes = {0: (2, 2, hand_w - 4, height - 4), 1: (width - hand_w, 2, hand_w - 4, height - 4)}
            return {"hr": hr, "cw": cw, "ch": ch, "rows": rows, "per_row": None, "width": width,
                    "height": height, "bx": hand_w + 12, "by": (height - board_h) / 2, "boxes": boxes}  # fmt: skip
        per_row = hand if hand <= 5 else math.ceil(hand / 2)
        rows = math.ceil(hand / per_row)
        hand_h = rows * ch + 8
        width = max(board_w + 16, per_row * cw + 12)
        height = 2 * hand_h + board_h + 28
        top = 1 - bottom
        boxes = {top: (2, 2, width - 4, hand_h), bottom: (2, height - hand_h - 2, width - 4, hand_h)}
        return {"hr": hr, "cw": cw, "ch": ch, "rows": rows, "per_row": per_row, "width": width,
                "height": height, "bx": (width - board_w) / 2, "by": hand_h + 14, "boxes": boxes}  # fmt: skip

    def _hand_pos(self, lay: dict, player: int, place: int):
        """Where the ``place``-th card of the hand order is drawn (cards keep their places when
        others leave the hand)."""
        hr, cw, ch, rows = lay["hr"], lay["cw"], lay["ch"], lay["rows"]
        x0, y0, w, h = lay["boxes"][player]
        if lay["per_row"] is None:
            col, row = divmod(place, rows)
            x = x0 + 2 + col * cw + cw / 2
            y = (lay["height"] - rows * ch) / 2 + row * ch + ch / 2
        else:
            row, col = divmod(place, lay["per_row"])
            x = lay["width"] / 2 - lay["per_row"] * cw / 2 + col * cw + cw / 2
            y = y0 + 4 + row * ch + ch / 2
        return x, y, hr

    def _selected_slot(self, state: HttState, ctx: ViewContext) -> int | None:
        if ctx.selection and ctx.selection.startswith("h") and ctx.selection[1:].isdigit():
            return int(ctx.selection[1:])
        if state.options.in_order and state.phase == PLAY:
            slots = state.hand_slots(state.player)
            return slots[0] if slots else None
        return None

    def _can_act(self, state: HttState, ctx: ViewContext) -> bool:
        return ctx.interactive and state.phase == PLAY and (ctx.viewer is None or ctx.viewer == state.player)

    # --- drawing -------------------------------------------------------------------------------
    def board(self, state: HttState, ctx: ViewContext) -> str:
        """Two SVG variants; the page's CSS shows the wide one on wide screens, the tall one on
        phones (``.htt-wide`` / ``.htt-tall``)."""
        return self.board_svg(state, ctx, tall=False) + self.board_svg(state, ctx, tall=True)

    def board_svg(self, state: HttState, ctx: ViewContext, tall: bool = False) -> str:
        bottom = ctx.viewer if ctx.viewer is not None else 0
        lay = self._layout(state, tall, bottom)
        width, height, bx, by = lay["width"], lay["height"], lay["bx"], lay["by"]
        grid = state.board.grid
        act = self._can_act(state, ctx)
        hidden = state.hidden(ctx.viewer, ctx.reveal_all)
        sel = self._selected_slot(state, ctx)
        preview = self._preview(state, ctx, sel) if act else None
        variant = "htt-tall" if tall else "htt-wide"
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="htt-board {variant}" viewBox="0 0 {width:.0f} {height:.0f}" role="group" aria-label="HTT board and hands">'
        ]
        # hands
        for p in (0, 1):
            x0, y0, w, h = lay["boxes"][p]
            turn = state.phase == PLAY and state.player == p
            out.append(
                f'<rect x="{x0:.0f}" y="{y0:.0f}" width="{w:.0f}" height="{h:.0f}" rx="10" fill="{OWNER_FILL[p]}" fill-opacity="{0.55 if turn else 0.2}" stroke="{OWNER_STROKE[p]}" stroke-width="{2.5 if turn else 1}"/>'
            )
            for place, slot in enumerate(state.orders[p]):
                if state.used[p] >> slot & 1:
                    continue
                card = state.decks[p][slot]
                x, y, r = self._hand_pos(lay, p, place)
                if p in hidden:
                    title = _("{player}'s hidden card").format(player=_(PLAYER_NAMES[p]))
                    out.append(card_back_svg(x, y, r, title=title))
                    continue
                extra = ""
                mine = act and p == state.player
                if mine:
                    allowed = not state.options.in_order or slot == state.hand_slots(p)[0]
                    fields = {
                        "card": card.name,
                        "values": card.text,
                        "level": card.level,
                        "matter": _(card.matter),
                        "n": place + 1,
                    }
                    label = (
                        _("{card}, values {values}, level {level}, {matter}; card {n} of your hand")
                        if allowed
                        else _(
                            "{card}, values {values}, level {level}, {matter}; card {n} of your hand (In order: not yet)"
                        )
                    ).format(**fields)
                    extra = attrs_html(
                        data_pick=f"h{slot}",
                        data_drag=f"h{slot}" if allowed else None,
                        tabindex="0",
                        role="button",
                        aria_label=label,
                        aria_pressed="true" if sel == slot else "false",
                        class_="htt-hand-card",
                    )
                out.append(card_svg(card, x, y, r, p, extra=extra))
                if mine and sel == slot:
                    out.append(
                        f'<polygon points="{points(x, y, r)}" fill="none" stroke="#f2c200" stroke-width="4" pointer-events="none"/>'
                    )
        # cells
        flip_index = {f.cell: (k + 1, f) for k, f in enumerate(state.flips)}
        for i, (ux, uy) in enumerate(grid.centres):
            cx, cy = bx + ux * S, by + uy * S
            name = grid.names[i]
            icon = state.icons[i]
            card = state.cards[i]
            if card is None:
                label = f"cell {name}, empty" + (f", {icon} matter icon" if icon else "")
                extra = (
                    attrs_html(
                        data_pick=f"c{i}",
                        data_drop=f"c{i}",
                        tabindex="0",
                        role="button",
                        aria_label=label,
                        class_="htt-cell",
                    )
                    if act
                    else attrs_html(aria_label=label)
                )
                hover = _hover_parts(ctx)[1] == f"c{i}"
                out.append(
                    f'<g {extra}><title>{esc(label)}</title><polygon points="{points(cx, cy, S * 0.97)}" fill="{"#fff6c8" if hover else "#e9e5dc"}" stroke="#b5ad9c" stroke-width="1.5"/>'
                )
                if icon:
                    c = MATTER_COLOURS[icon]
                    d = S * 0.22
                    out.append(
                        f'<polygon points="{cx},{cy - d} {cx + d},{cy} {cx},{cy + d} {cx - d},{cy}" fill="{c}" stroke="#333" stroke-width="1"/>'
                    )
                out.append(
                    f'<text x="{cx:.1f}" y="{cy + S * 0.62:.1f}" font-size="{S * 0.2:.1f}" text-anchor="middle" fill="#8a8270" font-family="sans-serif">{name}</text></g>'
                )
            else:
                owner = state.owners[i]
                title = f"{card_title(card)}; on {name}, {PLAYER_NAMES[owner]}" + (
                    f"; {icon} matter icon" if icon else ""
                )
                out.append(card_svg(card, cx, cy, S, owner, state.values[i], title=title))
                if icon:
                    d = S * 0.13
                    sign = "+1" if icon == card.matter else "−1"
                    out.append(
                        f'<g><title>{icon} matter icon: {sign}</title><polygon points="{cx + S * 0.45},{cy - S * 0.62 - d} {cx + S * 0.45 + d},{cy - S * 0.62} {cx + S * 0.45},{cy - S * 0.62 + d} {cx + S * 0.45 - d},{cy - S * 0.62}" fill="{MATTER_COLOURS[icon]}" stroke="#333"/></g>'
                    )
                if i == state.last:
                    out.append(
                        f'<polygon points="{points(cx, cy, S * 0.99)}" fill="none" stroke="#f2c200" stroke-width="3.5" pointer-events="none"/>'
                    )
                if i in flip_index:
                    k, f = flip_index[i]
                    mx, my = cx, cy  # over the emblem: the six values stay readable
                    why = _cause(f.cause)
                    tip = f"turned {k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} ({why}{', chain step ' + str(f.step) if f.step > 1 else ''})"
                    out.append(
                        f'<g class="htt-flip"><title>{tip}</title><circle cx="{mx:.1f}" cy="{my:.1f}" r="{S * 0.2:.1f}" fill="#222" stroke="#fff" stroke-width="1.5"/><text x="{mx:.1f}" y="{my + S * 0.08:.1f}" font-size="{S * 0.22:.1f}" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">{k}</text></g>'
                    )
                if preview is not None and preview.owners[i] != state.owners[i]:
                    out.append(
                        f'<polygon points="{points(cx, cy, S * 0.9)}" fill="none" stroke="#f2c200" stroke-width="3" stroke-dasharray="6 4" pointer-events="none"/>'
                    )
        out.append("</svg>")
        return "".join(out)

    def _preview(self, state: HttState, ctx: ViewContext, sel: int | None) -> HttState | None:
        """The state after dropping the dragged (or selected) card on the hovered cell (to mark what
        would turn)."""
        drag, drop = _hover_parts(ctx)
        if drag and drag.startswith("h") and drag[1:].isdigit():
            sel = int(drag[1:])
        if sel is None or not drop or not drop.startswith("c"):
            return None
        try:
            cell = int(drop[1:])
            return state.apply_code(f"{sel}{state.board.grid.names[cell]}")
        except (ValueError, IndexError):
            return None

    def panel(self, state: HttState, ctx: ViewContext) -> str:
        out = ['<div class="htt-panel">']
        me = ctx.viewer if ctx.viewer is not None else state.player
        if (
            state.phase == PLAY
            and ctx.interactive
            and me == state.player
            and "draw" in [m.code for m in state.legal_moves()]
        ):
            out.append('<button type="button" data-move="draw" class="btn htt-draw">Offer a draw</button>')
        elif state.phase == DRAW and ctx.interactive and me == state.player:
            out.append(f"<p>{PLAYER_NAMES[1 - state.player]} offers a draw.</p>")
            out.append(
                '<button type="button" class="btn primary" data-move="accept">Accept the draw</button> <button type="button" class="btn" data-move="decline">Decline</button>'
            )
        elif state.phase == PICK:
            loser = 1 - state.player
            if ctx.interactive and me == state.player:
                out.append(
                    f"<p>You won! Take one of {PLAYER_NAMES[loser]}'s cards — they lie face down in random order.</p>"
                )
                out.append('<div class="htt-pick">')
                for i in range(len(state.pick_order)):
                    svg = f'<svg viewBox="0 0 60 70" width="60" height="70" aria-hidden="true">{card_back_svg(30, 35, 34)}</svg>'
                    out.append(
                        f'<button type="button" class="btn htt-take" data-move="t{i}" aria-label="face-down card {i + 1}">{svg}</button>'
                    )
                out.append("</div>")
            else:
                out.append(
                    f"<p>{PLAYER_NAMES[state.player]} is choosing one of {PLAYER_NAMES[loser]}'s cards.</p>"
                )
        elif state.phase == OVER:
            out.append(f'<p class="htt-result">{esc(self._result(state, ctx))}</p>')
        if state.flips:
            out.append('<ol class="htt-flips" aria-label="cards turned by the last move">')
            names = state.board.grid.names
            for f in state.flips:
                step = f" (chain step {f.step})" if f.step > 1 else ""
                out.append(f"<li>{names[f.cell]}: {esc(_cause(f.cause))}{step}</li>")
            out.append("</ol>")
        out.append(f'<p class="htt-rules">{esc(state.options.describe())}</p>')
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
        text = _("Deck strength (sum of levels): {strengths}").format(strengths=", ".join(parts))
        return f'<p class="htt-rules htt-strength">{esc(text)}</p>'

    @staticmethod
    def _result(state: HttState, ctx: ViewContext) -> str:
        """The end of the game as it really is: which card the winner took, and whether it changes
        hands (not at a friendly table, not when both hands were dealt for the game, and no
        collection changes in a game without exactly one human at the device: ``viewer`` None)."""
        out = state.outcome()
        if out is None:
            return ""
        a, b = (int(x) for x in out.scores)
        if out.winner is None:
            if out.reason == "draw agreed":
                return _("Draw {a}–{b} (agreed)").format(a=a, b=b)
            return _("Draw {a}–{b}").format(a=a, b=b)
        fields = {"winner": _(PLAYER_NAMES[out.winner]), "score": f"{max(a, b)}–{min(a, b)}"}
        taken = state.taken_card
        if state.options.friendly:
            return _("{winner} wins {score}. A friendly table: no card changes hands.").format(**fields)
        if taken is None:
            return _("{winner} wins {score}.").format(**fields)
        fields["card"] = taken.name
        if all(state.dealt):
            return _(
                "{winner} wins {score} and picks {card} face down; both hands were dealt for this game, "
                "so no card changes hands."
            ).format(**fields)
        if ctx.viewer is None:
            return _(
                "{winner} wins {score} and picks {card} face down; only games against the computer "
                "change a collection."
            ).format(**fields)
        return _("{winner} wins {score} and takes {card}.").format(**fields)

    def status(self, state: HttState) -> list[tuple[str, str]]:
        a, b = state.score() if state.phase != OVER else state.scores
        return [(PLAYER_NAMES[0], str(a)), (PLAYER_NAMES[1], str(b))]

    def prompt(self, state: HttState, ctx: ViewContext) -> str:
        me = ctx.viewer if ctx.viewer is not None else state.player
        who = PLAYER_NAMES[state.player]
        if state.phase == OVER:
            return self._result(state, ctx)
        if state.phase == DRAW:
            return (
                f"{PLAYER_NAMES[1 - state.player]} offers a draw: accept or decline."
                if me == state.player
                else f"Waiting for {who} to answer the draw offer."
            )
        if state.phase == PICK:
            return (
                "Take one of the loser's face-down cards."
                if me == state.player
                else f"{who} is taking one of the loser's cards."
            )
        if me != state.player or not ctx.interactive:
            return f"{who} to play."
        if state.options.in_order:
            return "Place your first card (In order): click an empty cell, or drag the card there."
        if self._selected_slot(state, ctx) is not None:
            return "Now click an empty cell for the chosen card."
        return "Choose a card from your hand, then an empty cell (or drag the card onto the cell)."

    def pick(self, state: HttState, ctx: ViewContext, token: str) -> PickResult:
        if state.phase != PLAY:
            return PickResult(
                selection=None, move=token if token in [m.code for m in state.legal_moves()] else None
            )
        if ctx.viewer is not None and ctx.viewer != state.player:
            return PickResult(selection=None, message="It is not your turn.")
        if token.startswith("h") and token[1:].isdigit():
            slot = int(token[1:])
            slots = state.hand_slots(state.player)
            if slot not in slots:
                return PickResult(selection=None, message="That card is not in your hand.")
            if state.options.in_order and slot != slots[0]:
                return PickResult(
                    selection=None, message="In order: you must play your cards from the first one on."
                )
            return PickResult(selection=token)  # no toggle: a drag re-picks the selected card
        if token.startswith("c") and token[1:].isdigit():
            cell = int(token[1:])
            slot = self._selected_slot(state, ctx)
            if slot is None:
                return PickResult(selection=None, message="Choose a card from your hand first.")
            if not 0 <= cell < state.board.size or state.owners[cell] != -1:
                return PickResult(selection=ctx.selection, message="That cell is taken.")
            code = f"{slot}{state.board.grid.names[cell]}"
            if code not in [m.code for m in state.legal_moves()]:
                return PickResult(selection=None, message="That card cannot be played there.")
            return PickResult(selection=None, move=code)
        if token in [m.code for m in state.legal_moves()]:
            return PickResult(selection=None, move=token)
        return PickResult(selection=ctx.selection)

    def rules_html(self) -> str:
        return rules_html()

    def options_help(self) -> dict[str, str]:
        return options_help()


VIEW = HttView()
