"""The HTT view: the board and both hands as one SVG, the panel, prompts, the rules page, and the
card grid of the collection pages.

Interaction tokens: a hand card of the player to move has ``data-pick="h<slot>"`` and
``data-drag="h<slot>"``; an empty cell has ``data-pick="c<cell>"`` and ``data-drop="c<cell>"``.
Pick a card then a cell (or drag the card onto the cell) to place it. Draw offers and the winner's
face-down pick are ``data-move`` buttons in the panel. The flips of the last move carry numbered
markers in chain order (Same/Plus/Minus first, then each Combo step).
"""

from __future__ import annotations

import math

from webtabletop.core.grid import SQRT3, hex_corners
from webtabletop.core.view import GameView, PickResult, ViewContext, attrs_html, esc
from webtabletop.games.htt.art import emblem
from webtabletop.games.htt.board import BOARD_TITLES
from webtabletop.games.htt.cards import MATTER_COLOURS, Card, value_text
from webtabletop.games.htt.collection import EARN_RULE
from webtabletop.games.htt.rules import DRAW, OVER, PICK, PLAY, PLAYER_NAMES, HttState

S = 46  # pixels per cell unit (hex circumradius on the board)
OWNER_FILL = ("#d7e6fd", "#fbd9d4")
OWNER_STROKE = ("#2f6fd6", "#d0453a")
NEUTRAL_FILL, NEUTRAL_STROKE = "#f4f1ea", "#7a7263"
SIDE_ANGLES = (0, -60, -120, 180, 120, 60)  # E NE NW W SW SE, SVG y down
CAUSE_TITLES = {
    "standard": "higher value",
    "same": "Same",
    "plus": "Plus",
    "minus": "Minus",
    "combo": "Combo",
}


def _points(cx: float, cy: float, r: float) -> str:
    return " ".join(f"{x},{y}" for x, y in hex_corners(cx, cy, r))


def _hover_parts(ctx: ViewContext) -> tuple[str | None, str | None]:
    """(dragged token, hovered drop token) from ``ctx.hover`` ("<drag>@<drop>" or "<drop>")."""
    if not ctx.hover:
        return None, None
    drag, _, drop = ctx.hover.rpartition("@")
    return drag or None, drop


def card_title(card: Card) -> str:
    return f"{card.name} — level {card.level}, {card.matter} matter, values {card.text}" + (
        f", set {card.set_id}" if card.set_id else ""
    )


def card_svg(
    card: Card,
    cx: float,
    cy: float,
    r: float,
    owner: int | None = None,
    values: tuple[int, ...] | None = None,
    extra: str = "",
    title: str | None = None,
) -> str:
    """One card as an SVG group: hex face in the owner's tint, emblem, six values, level, matter gem."""
    fill = OWNER_FILL[owner] if owner is not None else NEUTRAL_FILL
    stroke = OWNER_STROKE[owner] if owner is not None else NEUTRAL_STROKE
    vals = values if values is not None else card.values
    parts = [f"<g {extra}>" if extra else "<g>", f"<title>{esc(title or card_title(card))}</title>"]
    parts.append(
        f'<polygon points="{_points(cx, cy, r * 0.96)}" fill="{fill}" stroke="{stroke}" stroke-width="{max(1.5, r / 14):.1f}"/>'
    )
    if card.image:
        s = r * 0.72
        parts.append(
            f'<image href="{esc(card.image)}" x="{cx - s / 2:.1f}" y="{cy - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}"/>'
        )
    else:
        parts.append(emblem(card, cx, cy, r * 0.3))
    fs = r * 0.3
    for d, ang in enumerate(SIDE_ANGLES):
        a = math.radians(ang)
        x, y = cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a)
        v = vals[d]
        colour = "#1d6b2c" if v > card.values[d] else "#9b1c1c" if v < card.values[d] else "#1b1b1b"
        parts.append(
            f'<text x="{x:.1f}" y="{y + fs * 0.36:.1f}" font-size="{fs:.1f}" font-weight="700" text-anchor="middle" fill="{colour}" font-family="sans-serif">{value_text(v)}</text>'
        )
    gem = MATTER_COLOURS.get(card.matter, "#888")
    parts.append(
        f'<circle cx="{cx:.1f}" cy="{cy - r * 0.62:.1f}" r="{r * 0.09:.1f}" fill="{gem}" stroke="#333" stroke-width="0.6"/>'
    )
    parts.append(
        f'<text x="{cx:.1f}" y="{cy + r * 0.72:.1f}" font-size="{r * 0.19:.1f}" text-anchor="middle" fill="#444" font-family="sans-serif">L{card.level}</text>'
    )
    parts.append("</g>")
    return "".join(parts)


def card_back_svg(cx: float, cy: float, r: float, extra: str = "", title: str = "a face-down card") -> str:
    parts = [f"<g {extra}>" if extra else "<g>", f"<title>{esc(title)}</title>"]
    parts.append(
        f'<polygon points="{_points(cx, cy, r * 0.96)}" fill="#3b3552" stroke="#1f1b2e" stroke-width="2"/>'
    )
    parts.append(
        f'<polygon points="{_points(cx, cy, r * 0.6)}" fill="none" stroke="#8d84b8" stroke-width="1.5"/>'
    )
    parts.append(f'<polygon points="{_points(cx, cy, r * 0.3)}" fill="#8d84b8"/>')
    parts.append("</g>")
    return "".join(parts)


def standalone_card_svg(
    card: Card, size: int = 120, owner: int | None = None, label: str | None = None
) -> str:
    """A card as its own ``<svg>`` (collection pages, pack openings)."""
    r = size / SQRT3
    h = 2 * r
    aria = esc(label or card_title(card))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size:.0f} {h:.0f}" width="{size:.0f}" height="{h:.0f}" role="img" aria-label="{aria}">{card_svg(card, size / 2, r, r, owner, title=label)}</svg>'


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

    def _hand_pos(self, lay: dict, player: int, slot: int):
        hr, cw, ch, rows = lay["hr"], lay["cw"], lay["ch"], lay["rows"]
        x0, y0, w, h = lay["boxes"][player]
        if lay["per_row"] is None:
            col, row = divmod(slot, rows)
            x = x0 + 2 + col * cw + cw / 2
            y = (lay["height"] - rows * ch) / 2 + row * ch + ch / 2
        else:
            row, col = divmod(slot, lay["per_row"])
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
        hidden = state.hidden(ctx.viewer)
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
            for slot, card in enumerate(state.decks[p]):
                if state.used[p] >> slot & 1:
                    continue
                x, y, r = self._hand_pos(lay, p, slot)
                if p in hidden:
                    out.append(card_back_svg(x, y, r, title=f"{PLAYER_NAMES[p]}'s hidden card"))
                    continue
                extra = ""
                mine = act and p == state.player
                if mine:
                    allowed = not state.options.in_order or slot == state.hand_slots(p)[0]
                    label = f"{card.name}, values {card.text}, level {card.level}, {card.matter}" + (
                        "" if allowed else " (In order: not yet)"
                    )
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
                        f'<polygon points="{_points(x, y, r)}" fill="none" stroke="#f2c200" stroke-width="4" pointer-events="none"/>'
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
                    f'<g {extra}><title>{esc(label)}</title><polygon points="{_points(cx, cy, S * 0.97)}" fill="{"#fff6c8" if hover else "#e9e5dc"}" stroke="#b5ad9c" stroke-width="1.5"/>'
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
                        f'<polygon points="{_points(cx, cy, S * 0.99)}" fill="none" stroke="#f2c200" stroke-width="3.5" pointer-events="none"/>'
                    )
                if i in flip_index:
                    k, f = flip_index[i]
                    mx, my = cx, cy  # over the emblem: the six values stay readable
                    why = CAUSE_TITLES.get(f.cause, f.cause.replace("+", " and "))
                    tip = f"turned {k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} ({why}{', chain step ' + str(f.step) if f.step > 1 else ''})"
                    out.append(
                        f'<g class="htt-flip"><title>{tip}</title><circle cx="{mx:.1f}" cy="{my:.1f}" r="{S * 0.2:.1f}" fill="#222" stroke="#fff" stroke-width="1.5"/><text x="{mx:.1f}" y="{my + S * 0.08:.1f}" font-size="{S * 0.22:.1f}" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">{k}</text></g>'
                    )
                if preview is not None and preview.owners[i] != state.owners[i]:
                    out.append(
                        f'<polygon points="{_points(cx, cy, S * 0.9)}" fill="none" stroke="#f2c200" stroke-width="3" stroke-dasharray="6 4" pointer-events="none"/>'
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
            out.append(f'<p class="htt-result">{esc(self._result(state))}</p>')
        if state.flips:
            out.append('<ol class="htt-flips" aria-label="cards turned by the last move">')
            names = state.board.grid.names
            for f in state.flips:
                step = f" (chain step {f.step})" if f.step > 1 else ""
                out.append(
                    f"<li>{names[f.cell]}: {esc(CAUSE_TITLES.get(f.cause, f.cause.replace('+', ' and ')))}{step}</li>"
                )
            out.append("</ol>")
        out.append(f'<p class="htt-rules">{esc(state.options.describe())}</p>')
        if state.options.own_deck:
            strengths = [
                f"{PLAYER_NAMES[p]} {sum(c.level for c in state.decks[p])}"
                + (" (dealt)" if state.dealt[p] else "")
                for p in (0, 1)
            ]
            out.append(f'<p class="htt-rules">Deck strength (sum of levels): {esc(", ".join(strengths))}</p>')
        out.append("</div>")
        return "".join(out)

    def _result(self, state: HttState) -> str:
        out = state.outcome()
        if out is None:
            return ""
        a, b = (int(x) for x in out.scores)
        if out.winner is None:
            return f"Draw {a}–{b}" + (" (agreed)" if out.reason == "draw agreed" else "")
        text = f"{PLAYER_NAMES[out.winner]} wins {max(a, b)}–{min(a, b)}"
        taken = state.taken_card
        if taken is not None:
            text += f" and takes {taken.name}"
        return text

    def status(self, state: HttState) -> list[tuple[str, str]]:
        a, b = state.score() if state.phase != OVER else state.scores
        return [(PLAYER_NAMES[0], str(a)), (PLAYER_NAMES[1], str(b))]

    def prompt(self, state: HttState, ctx: ViewContext) -> str:
        me = ctx.viewer if ctx.viewer is not None else state.player
        who = PLAYER_NAMES[state.player]
        if state.phase == OVER:
            return self._result(state)
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
        return RULES_HTML

    def options_help(self) -> dict[str, str]:
        return OPTIONS_HELP


OPTIONS_HELP = {
    "board": "rhombus9: 3×3 rhombus, 5 cards each (default); hex7: 7 cells, 4 cards each; hex19: 19 cells, 10 cards each.",
    "same": "Same: two or more touching values equal — the enemy cards among them turn.",
    "plus": "Plus: two or more contacts with the same sum — the enemy cards among them turn.",
    "minus": "Minus: two or more contacts with the same difference — the enemy cards among them turn.",
    "combo": "Combo: cards turned by Same/Plus/Minus turn their weaker neighbours in a chain.",
    "wall": "Board edges for Same/Plus/Minus: Wall = A, Mirror = the facing value, Anti-wall = 0.",
    "matter": "Matter icons on random cells: +1 to a card of the same colour, −1 to others.",
    "min_level": "Only cards of this level or higher.",
    "max_level": "Only cards of this level or lower.",
    "in_order": "Cards must be played in hand order, first card first.",
    "block": "No card turns by higher values — only Same, Plus and Minus turn cards.",
    "open": "Both hands are visible.",
    "own_deck": "Each player brings chosen cards from their collection, at most one per level.",
    "random_hands": "Each player gets random cards of different levels from their collection.",
    "friendly": "No card changes hands after the game.",
    "hand0": "Blue's cards (ids); empty = dealt from the built-in sets.",
    "hand1": "Red's cards (ids); empty = dealt from the built-in sets.",
    "deal_set": "The set dealt hands come from (all = every built-in set).",
}

RULES_HTML = f"""
<h2>Hexagonal Triple Triad</h2>
<p>Triple Triad played with six-sided cards on hexagonal cells. Each card has six values (1 to 9 and A = 10),
one on each side, a level from 1 to 11 (higher = rarer and stronger) and a matter colour (red, blue, yellow,
green or purple). Cards are never rotated.</p>
<h3>The duel</h3>
<ul>
<li>Board: by default a rhombus of 9 cells and 5 cards per player. Also a hexagon of 7 cells (4 cards each)
and a hexagon of 19 cells (10 cards each) — always one card more than the board holds, so the player who
moves second keeps one card in hand.</li>
<li>A seeded coin flip decides who starts. Players take turns placing one card from their hand on an empty cell.</li>
<li><b>Standard rule:</b> each enemy card next to the card you place turns to your colour when your value
facing it is higher than its value facing back.</li>
<li><b>Score</b> = your cards on the board + the cards still in your hand (10 in total on the default board).
When the board is full, the higher score wins.</li>
<li>After a win the winner takes one of the loser's cards, choosing among them face down in random order
(not at a <i>friendly</i> table). Against the AI the card moves between your collection and the AI's.</li>
<li><b>Draw:</b> on your turn you may offer a draw (once per turn); if the other player accepts, the game ends
level (5–5). The AI accepts when it is not ahead, and never offers one itself.</li>
</ul>
<h3>Table rules</h3>
<ul>
<li><b>Open:</b> both hands are visible. Otherwise the opponent's hand is hidden — also from the AI, which
only imagines the cards it cannot see.</li>
<li><b>Same:</b> the placed card touches two or more cards, and on two or more contacts the touching values
are equal: the enemy cards among those contacts turn.</li>
<li><b>Plus:</b> two or more contacts give the same sum: the enemy cards among them turn.</li>
<li><b>Minus:</b> two or more contacts give the same difference (larger minus smaller).</li>
<li><b>Combo:</b> each card turned by Same, Plus or Minus acts as if just placed by its new owner and applies
the standard rule; the cards it turns continue the chain. Numbered markers show the order of the turns.</li>
<li><b>Wall</b> / <b>Mirror</b> / <b>Anti-wall</b> (one at a time): for Same, Plus and Minus only, the board's
edge counts as a card showing A (Wall), the placed card's own value (Mirror) or 0 (Anti-wall). Walls never
turn, and walls alone (without an enemy card among the contacts) turn nothing.</li>
<li><b>Matter:</b> matter icons lie on random cells. A card placed on an icon of its own colour gets +1 on
all sides (A + 1 = S = 11), on another colour −1 (1 − 1 = 0). The changed values count for every rule.</li>
<li><b>Min level / Max level:</b> only cards in that level range can be used.</li>
<li><b>In order:</b> you play your cards in hand order, first card first.</li>
<li><b>Block:</b> no card turns by the standard rule (not even in a Combo chain); only Same, Plus and Minus turn cards.</li>
<li><b>Own deck:</b> each player brings 5 cards of their collection, at most one per level.
The table shows the deck's strength (the sum of the levels).</li>
<li><b>Random:</b> each player gets 5 random cards of different levels from their collection.</li>
<li>Without Own deck or Random, hands are dealt from the built-in sets; both players get cards of the same
levels, so the dealt hands are equally strong.</li>
</ul>
<h3>The collection</h3>
<ul>
<li>Cards come in themed sets: the same number of cards (6 to 12) on each of levels 1 to 10 and 3 to 6 cards
of level 11. The values follow a fixed table of sums per level, and matter colours are spread evenly.</li>
<li>Packs hold 5 cards of one set you choose, levels 1 to 10: low levels are common, high levels rare, and
within a level each card has its own rarity. Your first pack is free. {esc(EARN_RULE)}</li>
<li>Achievements (complete sets, copies of one card, cards of a level, sets created, games played and won,
wins under one rule preset, 10–0 wins, packs opened) each give a random level-11 card from a set you choose.</li>
<li>Your first pack holds cards of 5 different levels, so you can build an Own deck at once. In the new-game
dialog choose your cards: dealt from the built-in sets, your Own deck (one card per level) or Random cards of
your collection. Only games against the computer count for the collection (games, packs, battle log); after a
win or loss with your own cards (not at a Friendly table) one card moves between your collection and the
computer's, which holds every built-in card.</li>
<li>Pictures for your own cards: PNG, JPEG, GIF or WebP up to 48 KB.</li>
<li>You can create your own sets (name, theme, sizes, card names and pictures; the values are generated by
the set rules) and export or import sets and your whole collection as files.</li>
</ul>
<h3>Board notes</h3>
<p>Boards: {", ".join(esc(t) for t in BOARD_TITLES.values())}.</p>
"""


def card_grid_html(
    cards: list[Card],
    owned: dict[str, int],
    set_names: dict[str, str] | None = None,
    show: str = "all",
    level: int | None = None,
    size: int = 96,
    sort: str = "set",
) -> str:
    """A grid of cards for the collection pages: owned copies or "missing", level and set on hover and
    focus (``<title>``, ``aria-label``). ``show``: all / owned / missing; ``level``: one level only;
    ``sort``: set (set, level), level (level, set), name, or copies (most first)."""
    set_names = set_names or {}
    items = []
    keys = {
        "set": lambda c: (c.set_id, c.level, c.id),
        "level": lambda c: (c.level, c.set_id, c.id),
        "name": lambda c: (c.name.lower(), c.id),
        "copies": lambda c: (-owned.get(c.id, 0), c.set_id, c.level, c.id),
    }
    if sort not in keys:
        raise ValueError(f"unknown sort {sort!r} (set, level, name, copies)")
    for c in sorted(cards, key=keys[sort]):
        n = owned.get(c.id, 0)
        if (
            (show == "owned" and not n)
            or (show == "missing" and n)
            or (level is not None and c.level != level)
        ):
            continue
        set_name = set_names.get(c.set_id, c.set_id)
        state = f"{n} {'copy' if n == 1 else 'copies'}" if n else "missing"
        label = f"{c.name} — level {c.level}, set {set_name}, {c.matter} matter, values {c.text}; {state}"
        cls = "htt-card owned" if n else "htt-card missing"
        svg = standalone_card_svg(c, size, None, label)
        badge = (
            f'<span class="htt-copies">×{n}</span>'
            if n
            else '<span class="htt-copies htt-missing">missing</span>'
        )
        items.append(
            f'<li class="{cls}" tabindex="0" aria-label="{esc(label)}" title="{esc(label)}" data-card="{esc(c.id)}" data-level="{c.level}">{svg}<span class="htt-name">{esc(c.name)}</span>{badge}</li>'
        )
    if not items:
        return '<p class="htt-empty">No cards to show.</p>'
    return '<ul class="htt-grid">' + "".join(items) + "</ul>"


def set_view_html(card_set, owned: dict[str, int], show: str = "all", level: int | None = None) -> str:
    """All cards of one set with a summary line (owned / total, missing count)."""
    have = sum(1 for c in card_set.cards if owned.get(c.id, 0))
    total = len(card_set.cards)
    head = f'<h3>{esc(card_set.name)}</h3><p class="htt-set-summary">{esc(card_set.theme)} · you own {have} of {total} cards; {total - have} missing</p>'
    return head + card_grid_html(list(card_set.cards), owned, {card_set.id: card_set.name}, show, level)


def battle_log_html(entries: list[dict], limit: int = 20) -> str:
    """The battle log (newest first): date, opponent, result and score, rules."""
    if not entries:
        return '<p class="htt-empty">No games yet.</p>'
    rows = []
    for e in reversed(entries[-limit:]):
        rows.append(
            "<tr>"
            + "".join(
                f"<td>{esc(e.get(k) or '—')}</td>" for k in ("date", "opponent", "result", "score", "rules")
            )
            + "</tr>"
        )
    head = "<tr><th>Date</th><th>Opponent</th><th>Result</th><th>Score</th><th>Rules</th></tr>"
    return f'<table class="htt-log"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def achievements_html(collection) -> str:
    """Achievements with progress bars; reached ones with an unclaimed reward are marked."""
    items = []
    for a, progress, reached in collection.achievements():
        pending = a.id in collection.rewards_pending
        state = "reward waiting" if pending else "done" if reached else f"{progress}/{a.target}"
        items.append(
            f'<li class="htt-ach{" done" if reached else ""}" data-achievement="{esc(a.id)}">'
            f"<span>{esc(a.title)}</span> "
            f'<progress max="{a.target}" value="{progress}" aria-label="{esc(a.title)}: {esc(state)}"></progress> '
            f"<span>{esc(state)}</span></li>"
        )
    return '<ul class="htt-achievements">' + "".join(items) + "</ul>"


#: default styles for the card grid (the app's own CSS may replace them)
GRID_CSS = """
.htt-grid{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.htt-card{display:flex;flex-direction:column;align-items:center;width:7rem;text-align:center;font-size:.8rem}
.htt-card.missing svg{opacity:.35;filter:grayscale(.8)}
.htt-card:focus,.htt-card:hover{outline:2px solid #f2c200;outline-offset:2px}
.htt-copies{font-weight:700}.htt-missing{font-weight:400;color:#777}
"""

VIEW = HttView()
