"""The HTT board and both hands as SVG (two variants: wide, hands left and right of the board, and
tall, hands above and below it for phones; the page's CSS shows one).

Board contract (docs/board.md):
- ``data-piece``: every card, face up or down, has a key that stays the same between renders. A
  hand card's key is its player and hand slot (``b3`` = Blue's slot 3), followed by the card id
  when the viewer may see the card (``b3:emb-3b``): a hidden card's id is never put in the page. A
  board card's key is its card id and its cell (``emb-3b@c3``): board cards never move. Keys carry
  the variant (``w``/``t``) so the two SVGs never share a key.
- the card the last move placed has ``data-from="<its hand key in the previous render>"`` and
  ``data-anim="place"``; the cards it turned ``data-anim="flip"``; all of them ``data-changed``.
- free cells are legal targets when the viewer may play: ``class="legal"``, a visible dot, and
  ``data-drop``; hand cards that may be played have ``data-drag``.
- ``ctx.hint`` (a placement code ``<slot><cell>``) marks its hand card and cell with ``data-hint``.
- the selected hand card has its own outline (teal, doubled), distinct from the last move's yellow.
"""

from __future__ import annotations

import math

from webtabletop.core.grid import SQRT3
from webtabletop.core.view import ViewContext, attrs_html, esc
from webtabletop.games.htt.rules.cards import MATTER_COLOURS
from webtabletop.games.htt.rules.sets.names import card_name, matter_name
from webtabletop.games.htt.rules.state import PLAY, PLAYER_NAMES, HttState
from webtabletop.games.htt.ui.render.cards import (
    OWNER_FILL,
    OWNER_STROKE,
    card_back_svg,
    card_svg,
    glyph_defs,
    points,
)
from webtabletop.games.htt.ui.render.style import HTT_CSS
from webtabletop.games.htt.ui.render.text import cause_text, ordinal_step
from webtabletop.i18n import _
from webtabletop.i18n.text import join_list

S = 46  # pixels per cell unit (hex circumradius on the board)
SELECT = "#0c8f7a"  # the selected hand card (never the last-move yellow)
LAST = "#f2c200"  # the last placed card


def spoken_sides(card) -> str:
    """The six side values for a label, spaced and separated ("5, 3, A, 2, 7, 1"): read as values,
    not as one code."""
    return join_list(card.text)


def hover_parts(ctx: ViewContext) -> tuple[str | None, str | None]:
    """(dragged token, hovered drop token) from ``ctx.hover`` ("<drag>@<drop>" or "<drop>")."""
    if not ctx.hover:
        return None, None
    drag, _sep, drop = ctx.hover.rpartition("@")
    return drag or None, drop


def hand_key(state: HttState, ctx: ViewContext, p: int, slot: int) -> str:
    """The ``data-piece`` key of a hand card (without the variant prefix)."""
    key = f"{'br'[p]}{slot}"
    if p in state.hidden(ctx.viewer, ctx.reveal_all):
        return key
    return f"{key}:{state.decks[p][slot].id}"


def placed(before: HttState, after: HttState) -> tuple[int, int] | None:
    """(player, slot) of the card the move from ``before`` to ``after`` placed, if it placed one."""
    for p in (0, 1):
        new = after.used[p] & ~before.used[p]
        if new:
            return p, new.bit_length() - 1
    return None


def hint_parts(state: HttState, hint: str | None) -> tuple[int | None, int | None]:
    """(slot, cell) of a hinted placement code, or (None, None)."""
    if not hint or state.phase != PLAY or not hint[:1].isdigit():
        return None, None
    names = state.board.grid.names
    for k in range(1, len(hint)):
        if hint[:k].isdigit() and hint[k:] in names:
            return int(hint[:k]), names.index(hint[k:])
    return None, None


class BoardDrawing:
    """The SVG half of :class:`webtabletop.games.htt.ui.view.HttView`."""

    def _layout(self, state: HttState, tall: bool = False, bottom: int = 0) -> dict:
        """Geometry of one board variant: wide (hands as columns left and right of the board) or
        tall (hands as rows above and below it, for narrow screens; ``bottom`` = the hand below).
        The tall variant draws hand cards a little smaller so board, hands and prompt fit a phone."""
        grid = state.board.grid
        hand = len(state.decks[0])
        hr = S * (0.66 if tall else 0.78)  # hand card radius
        cw, ch = SQRT3 * hr + 4, 2 * hr * 0.98
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
        hand_h = rows * ch + 6
        width = max(board_w + 12, per_row * cw + 10)
        height = 2 * hand_h + board_h + 16
        top = 1 - bottom
        boxes = {top: (2, 2, width - 4, hand_h), bottom: (2, height - hand_h - 2, width - 4, hand_h)}
        return {"hr": hr, "cw": cw, "ch": ch, "rows": rows, "per_row": per_row, "width": width,
                "height": height, "bx": (width - board_w) / 2, "by": hand_h + 8, "boxes": boxes}  # fmt: skip

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
            y = y0 + 3 + row * ch + ch / 2
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

    def _last_move(self, state: HttState, ctx: ViewContext) -> tuple[str | None, set[int]]:
        """(data-from key of the placed card, cells turned) when this render follows a placement."""
        prev = ctx.previous
        if ctx.last_move is None or not isinstance(prev, HttState) or state.last < 0:
            return None, set()
        who = placed(prev, state)
        if who is None:
            return None, set()
        return hand_key(prev, ctx, *who), {f.cell for f in state.flips}

    def board(self, state: HttState, ctx: ViewContext) -> str:
        """Two SVG variants; the page's CSS shows the wide one on wide screens, the tall one on
        phones (``.htt-wide`` / ``.htt-tall``)."""
        return (
            HTT_CSS
            + self.board_svg(state, ctx, tall=False)
            + self.board_svg(state, ctx, tall=True)
        )

    def board_svg(self, state: HttState, ctx: ViewContext, tall: bool = False) -> str:
        bottom = ctx.viewer if ctx.viewer is not None else 0
        lay = self._layout(state, tall, bottom)
        width, height = lay["width"], lay["height"]
        variant = "htt-tall" if tall else "htt-wide"
        v = "t" if tall else "w"
        out = [
            (
                '<svg xmlns="http://www.w3.org/2000/svg" class="htt-board '
                + str(variant)
                + '" viewBox="0 0 '
                + f"{width:.0f}"
                + " "
                + f"{height:.0f}"
                + '" role="group" aria-label="'
                + str(esc(_("Board and hands")))
                + '">'
            )
        ]
        out.append(glyph_defs(f"httg{v}-"))  # the hand cards' values, drawn without text nodes
        out += self._hands_svg(state, ctx, lay, v)
        out += self._cells_svg(state, ctx, lay, v)
        out.append("</svg>")
        return "".join(out)

    def _hands_svg(self, state: HttState, ctx: ViewContext, lay: dict, v: str) -> list[str]:
        act = self._can_act(state, ctx)
        hidden = state.hidden(ctx.viewer, ctx.reveal_all)
        sel = self._selected_slot(state, ctx)
        hint_slot, _hint_cell = hint_parts(state, ctx.hint)
        out = []
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
                piece = f"{v}{hand_key(state, ctx, p, slot)}"
                if p in hidden:
                    title = _("{player}'s hidden card").format(player=_(PLAYER_NAMES[p]))
                    out.append(card_back_svg(x, y, r, extra=attrs_html(data_piece=piece), title=title))
                    continue
                mine = act and p == state.player
                fields = {"values": spoken_sides(card), "level": card.level, "card": card_name(card),
                          "matter": matter_name(card.matter), "n": place + 1}  # fmt: skip
                if not mine:
                    extra = attrs_html(data_piece=piece)
                    title = _("{card}, level {level}, {matter}; sides {values}").format(**fields)
                    out.append(card_svg(card, x, y, r, p, extra=extra, title=title))
                    continue
                allowed = not state.options.in_order or slot == state.hand_slots(p)[0]
                # the accessible name starts with the card's name (the drawn values are aria-hidden;
                # no digit code at the start of a label)
                label = (
                    _("{card}, level {level}, {matter}; sides {values}; card {n} of your hand")
                    if allowed
                    else _("{card}, level {level}, {matter}; sides {values}; card {n} of your hand (In order: not yet)")
                ).format(**fields)
                classes = "htt-hand-card" + (" selected" if sel == slot else "")
                extra = attrs_html(
                    data_piece=piece,
                    data_pick=f"h{slot}",
                    data_drag=f"h{slot}" if allowed else None,
                    data_hint="from" if hint_slot == slot else None,
                    tabindex="0",
                    role="button",
                    aria_label=label,
                    aria_pressed="true" if sel == slot else "false",
                    class_=classes,
                )
                out.append(card_svg(card, x, y, r, p, extra=extra, title=label, glyphs=f"httg{v}-"))
                if sel == slot:
                    out.append(
                        f'<polygon class="htt-selected" points="{points(x, y, r * 1.02)}" fill="none" stroke="#fff" stroke-width="7" pointer-events="none"/>'
                        f'<polygon class="htt-selected" points="{points(x, y, r * 1.02)}" fill="none" stroke="{SELECT}" stroke-width="4" stroke-dasharray="10 4" pointer-events="none"/>'
                    )
        return out

    def _cells_svg(self, state: HttState, ctx: ViewContext, lay: dict, v: str) -> list[str]:
        grid = state.board.grid
        bx, by = lay["bx"], lay["by"]
        act = self._can_act(state, ctx)
        preview = self._preview(state, ctx, self._selected_slot(state, ctx)) if act else None
        _hint_slot, hint_cell = hint_parts(state, ctx.hint)
        from_key, turned = self._last_move(state, ctx)
        flip_index = {f.cell: (k + 1, f) for k, f in enumerate(state.flips)}
        out = []
        for i, (ux, uy) in enumerate(grid.centres):
            cx, cy = bx + ux * S, by + uy * S
            name = grid.names[i]
            icon = state.icons[i]
            card = state.cards[i]
            if card is None:
                out.append(self._free_cell(i, name, icon, cx, cy, act, ctx, hint_cell == i))
                continue
            owner = state.owners[i]
            fields = {"card": card_name(card), "cell": name, "player": _(PLAYER_NAMES[owner]), "values": spoken_sides(card),
                      "level": card.level, "matter": matter_name(card.matter)}  # fmt: skip
            title = _("{card} on {cell}, {player}; level {level}, {matter}; sides {values}").format(**fields)
            if icon:
                title = _("{card}: {matter} icon").format(card=title, matter=matter_name(icon))
            is_placed = from_key is not None and i == state.last
            extra = attrs_html(
                data_piece=f"{v}{card.id}@{name}",
                data_from=f"{v}{from_key}" if is_placed else None,
                data_anim="place" if is_placed else "flip" if i in turned else None,
                data_changed="" if is_placed or i in turned else None,
                role="img",  # a cell of the board for the keyboard's arrows (web/board.js)
                aria_label=title,
            )
            out.append(card_svg(card, cx, cy, S, owner, state.values[i], extra=extra, title=title))
            if icon:
                d = S * 0.13
                sign = _("+1 on every side") if icon == card.matter else _("−1 on every side")
                tip = _("{matter} icon: {effect}").format(matter=matter_name(icon), effect=sign)
                mx, my = cx + S * 0.45, cy - S * 0.62
                out.append(
                    f'<g><title>{esc(tip)}</title><polygon points="{mx},{my - d} {mx + d},{my} {mx},{my + d} {mx - d},{my}" fill="{MATTER_COLOURS[icon]}" stroke="#333"/></g>'
                )
            if i == state.last:
                out.append(
                    f'<polygon class="htt-last" points="{points(cx, cy, S * 0.99)}" fill="none" stroke="{LAST}" stroke-width="3.5" pointer-events="none"/>'
                )
            if i in flip_index:
                k, f = flip_index[i]
                tip = ordinal_step(k, cause_text(f.cause), f.step)
                out.append(
                    f'<g class="htt-flip"><title>{esc(tip)}</title><circle cx="{cx:.1f}" cy="{cy:.1f}" r="{S * 0.2:.1f}" fill="#222" stroke="#fff" stroke-width="1.5"/><text x="{cx:.1f}" y="{cy + S * 0.08:.1f}" font-size="{S * 0.22:.1f}" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">{k}</text></g>'
                )
            if preview is not None and preview.owners[i] != state.owners[i]:
                out.append(
                    f'<polygon class="htt-preview" points="{points(cx, cy, S * 0.9)}" fill="none" stroke="{SELECT}" stroke-width="3" stroke-dasharray="6 4" pointer-events="none"/>'
                )
        return out

    @staticmethod
    def _free_cell(
        i: int, name: str, icon, cx: float, cy: float, act: bool, ctx: ViewContext, hinted: bool
    ) -> str:
        """An empty cell; a legal target (class ``legal``, a dot, ``data-drop``) when the viewer may
        play. The cell name is the visible text, so the accessible name starts with it."""
        label = (
            _("{cell}: free cell, {matter} icon").format(cell=name, matter=matter_name(icon))
            if icon
            else _("{cell}: free cell").format(cell=name)
        )
        hover = hover_parts(ctx)[1] == f"c{i}"
        if act:
            extra = attrs_html(
                data_pick=f"c{i}",
                data_drop=f"c{i}",
                data_hint="to" if hinted else None,
                tabindex="0",
                role="button",
                aria_label=label,
                class_="htt-cell legal",
            )
        else:
            extra = attrs_html(aria_label=label, role="img", class_="htt-cell")
        fill = "var(--htt-hover, #fff6c8)" if hover else "var(--htt-legal, #efeadf)" if act else "var(--htt-cell, #e9e5dc)"
        line = "var(--htt-legal-line, #8fb8ad)" if act else "var(--htt-cell-line, #b5ad9c)"
        out = [
            f'<g {extra}><title>{esc(label)}</title><polygon points="{points(cx, cy, S * 0.97)}" fill="{fill}" stroke="{line}" stroke-width="1.5"/>'
        ]
        if icon:
            c = MATTER_COLOURS[icon]
            d = S * 0.22
            out.append(
                f'<polygon points="{cx},{cy - d} {cx + d},{cy} {cx},{cy + d} {cx - d},{cy}" fill="{c}" stroke="#333" stroke-width="1"/>'
            )
        elif act:
            out.append(
                f'<circle class="htt-legal-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="{S * 0.14:.1f}" fill="{SELECT}" fill-opacity="0.45" pointer-events="none"/>'
            )
        if act and icon:
            out.append(
                f'<circle class="htt-legal-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="{S * 0.3:.1f}" fill="none" stroke="{SELECT}" stroke-opacity="0.6" stroke-width="2.5" pointer-events="none"/>'
            )
        out.append(
            f'<text x="{cx:.1f}" y="{cy + S * 0.62:.1f}" font-size="{S * 0.2:.1f}" text-anchor="middle" fill="var(--coord, #6d6656)" font-family="sans-serif">{name}</text></g>'
        )
        return "".join(out)

    def _preview(self, state: HttState, ctx: ViewContext, sel: int | None) -> HttState | None:
        """The state after dropping the dragged (or selected) card on the hovered cell (to mark what
        would turn); none where the result is what the player must find (``ctx.previews``)."""
        if not ctx.previews:
            return None
        drag, drop = hover_parts(ctx)
        if drag and drag.startswith("h") and drag[1:].isdigit():
            sel = int(drag[1:])
        if sel is None or not drop or not drop.startswith("c"):
            return None
        try:
            cell = int(drop[1:])
            return state.apply_code(f"{sel}{state.board.grid.names[cell]}")
        except (ValueError, IndexError):
            return None
