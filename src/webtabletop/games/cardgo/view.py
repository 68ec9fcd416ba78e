"""CardGO board, hand, time bars, preview and event log as SVG/HTML text (contract: core/view.py).

Tokens: hand cards ``data-drag``/``data-pick`` = ``"h<i>"`` (select card i); empty legal cells
``data-drop``/``data-pick`` = the cell name (``"e5"``: place the selected card there); buttons
``data-move`` = ``"skip"`` / ``"pass"``. The preview is drawn when ``ctx.hover`` names a cell (or is
``"h<i>@<cell>"``, drag token and drop token together) and a hand card is known (``ctx.selection``
or the ``h<i>@`` prefix); ``ctx.prefs["preview"] = False`` turns it off (the Preview switch).

Hidden information: a hand is drawn only for its owner (``ctx.viewer``), a stone on tall grass shows
its value only to its owner; both are shown to everyone only when ``ctx.reveal_all`` is set (the
app sets it after a game when the player asks to see everything).
"""

from __future__ import annotations

from webtabletop.core.view import GameView, PickResult, ViewContext, attrs_html, esc
from webtabletop.games.cardgo.effects import EFFECTS
from webtabletop.games.cardgo.events import damage_text, event_lines, stone_value_text
from webtabletop.games.cardgo.preview import Preview, describe, preview
from webtabletop.games.cardgo.rules import EMPTY, EXTRA, PLAYER_NAMES, CardgoState, Place, Report
from webtabletop.games.cardgo.rules_page import rules_html
from webtabletop.games.cardgo.terrain import TERRAINS
from webtabletop.i18n import ngettext

CELL = 40.0
MARGIN = 18.0
FOOT = 26.0
COLOURS = ("#2f8f46", "#cf3b32")

#: SVG patterns drawn over the terrain colour (terrain id -> pattern body)
PATTERNS = {
    4: '<path d="M0 5 q2.5 -3 5 0 t5 0" fill="none" stroke="#5d95c4" stroke-width="1.2"/>',
    5: '<path d="M0 10 L10 0 M-2 2 L2 -2 M8 12 L12 8" stroke="#6d6d6d" stroke-width="1.5"/>',
    6: '<circle cx="5" cy="5" r="1.2" fill="#3b2f44"/>',
    7: '<circle cx="2.5" cy="2.5" r="1" fill="#6c8050"/><circle cx="7.5" cy="7.5" r="1" fill="#6c8050"/>',
    10: '<path d="M0 0 L10 10" stroke="#b9dcec" stroke-width="1"/>',
    11: '<path d="M2 10 L3 3 M5 10 L5 1 M8 10 L7 3" stroke="#6f9a36" stroke-width="1"/>',
    14: '<path d="M5 9 q-3 -3 0 -8 q3 5 0 8" fill="#e0612b"/>',
}


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


class CardgoView(GameView):
    player_names = PLAYER_NAMES
    player_colours = COLOURS
    player_inks = ("#1f6b2a", "#a3241c")
    privacy_screen = True
    preferences = (("preview", "Preview while dragging", True),)

    # --- board -----------------------------------------------------------------------------
    def board(self, state: CardgoState, ctx: ViewContext) -> str:
        side = state.options.size
        grid = state.grid
        names = grid.names
        w = MARGIN + side * CELL + 4
        h = MARGIN + side * CELL + FOOT
        viewer = ctx.viewer
        out = [
            f'<svg class="board cardgo" viewBox="0 0 {w:g} {h:g}" role="group" '
            f'aria-label="{esc(state.options.describe())} board" preserveAspectRatio="xMidYMid meet" '
            'xmlns="http://www.w3.org/2000/svg">',
            self._defs(),
        ]
        for k in range(side):
            x = MARGIN + (k + 0.5) * CELL
            y = MARGIN + (k + 0.5) * CELL
            out.append(
                f'<text class="coord" x="{x:g}" y="{MARGIN - 5:g}" text-anchor="middle" font-size="10">{k + 1}</text>'
            )
            out.append(
                f'<text class="coord" x="{MARGIN / 2:g}" y="{y + 3:g}" text-anchor="middle" font-size="10">{names[k * side][0]}</text>'
            )
        my_turn = ctx.interactive and not state.is_over and (viewer is None or viewer == state.player)
        legal = set(state.legal_cells()) if my_turn and state.legal_moves()[0].code != "pass" else set()
        selected = _selected(ctx)
        last = state.last
        for i in range(len(state.owners)):
            out.append(self._cell(state, ctx, i, i in legal, selected, last))
        if last is not None and last.kind == "place":
            out.append(self._last_marks(state, last))
        pv = self._preview_for(state, ctx)
        if pv is not None:
            out.append(self._preview_layer(state, pv))
        out.append(self._footer(state, ctx, pv, w, h))
        out.append("</svg>")
        return "".join(out)

    def _defs(self) -> str:
        pats = "".join(
            f'<pattern id="cg-pat-{k}" width="10" height="10" patternUnits="userSpaceOnUse">{body}</pattern>'
            for k, body in PATTERNS.items()
        )
        return f"<defs>{pats}</defs>"

    def _xy(self, state: CardgoState, cell: int) -> tuple[float, float]:
        side = state.options.size
        return MARGIN + (cell % side) * CELL, MARGIN + (cell // side) * CELL

    def _cell(
        self,
        state: CardgoState,
        ctx: ViewContext,
        i: int,
        legal: bool,
        selected: int | None,
        last: Report | None,
    ) -> str:
        x, y = self._xy(state, i)
        t = state.terrain[i]
        kind = TERRAINS[t]
        name = state.grid.names[i]
        owner = state.owners[i]
        label = f"{name}, {kind.name.lower()}"
        classes = [f"cell terrain-{t}"]
        if owner == EMPTY:
            label += ", empty"
        else:
            eff = EFFECTS[state.effects[i]]
            label += f", {PLAYER_NAMES[owner]} {stone_value_text(state, i, ctx.viewer, ctx.reveal_all)}" + (
                f" {eff.name}" if state.effects[i] else ""
            )
        act = {"role": "img"}
        if legal:
            classes.append("legal")
            hint = (
                f", place card {selected + 1} here"
                if selected is not None
                else ", choose a card then place it here"
            )
            label += hint
            act = {"data_drop": name, "data_pick": name, "tabindex": "0", "role": "button"}
        a = attrs_html(class_=" ".join(classes), data_key=f"cell-{name}", aria_label=label, **act)
        body = [
            f'<rect x="{x + 0.5:g}" y="{y + 0.5:g}" width="{CELL - 1:g}" height="{CELL - 1:g}" fill="{kind.colour}" stroke="#b9ab8a" stroke-width="0.6"/>'
        ]
        if t in PATTERNS:
            body.append(
                f'<rect x="{x + 0.5:g}" y="{y + 0.5:g}" width="{CELL - 1:g}" height="{CELL - 1:g}" fill="url(#cg-pat-{t})" opacity="0.7"/>'
            )
        if kind.icon:
            body.append(
                f'<text class="ticon" x="{x + 3:g}" y="{y + 11:g}" font-size="10" fill="#333" opacity="0.75">{esc(kind.icon)}</text>'
            )
        if owner != EMPTY:
            body.append(self._stone(state, ctx, i, x, y))
        elif legal and ctx.prefs.get("coords", False):
            body.append(
                f'<text class="name" x="{x + CELL / 2:g}" y="{y + CELL / 2 + 3:g}" text-anchor="middle" font-size="8" fill="#777">{name}</text>'
            )
        return f"<g {a}><title>{esc(label)}</title>{''.join(body)}</g>"

    def _stone(
        self,
        state: CardgoState,
        ctx: ViewContext,
        i: int,
        x: float,
        y: float,
        owner: int | None = None,
        text: str | None = None,
        cls: str = "stone",
    ) -> str:
        owner = state.owners[i] if owner is None else owner
        text = stone_value_text(state, i, ctx.viewer, ctx.reveal_all) if text is None else text
        cx, cy = x + CELL / 2, y + CELL / 2
        parts = [
            f'<g class="{cls} p{owner}"><circle cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.38:g}" fill="{COLOURS[owner]}" stroke="#222" stroke-width="1"/>',
            f'<text x="{cx:g}" y="{cy + 5:g}" text-anchor="middle" font-size="15" font-weight="bold" fill="#fff">{esc(text)}</text>',
        ]
        eff = state.effects[i] if state.owners[i] != EMPTY else 0
        if eff:
            parts.append(
                f'<circle cx="{x + CELL - 8:g}" cy="{y + 8:g}" r="6" fill="#fff8dc" stroke="#555" stroke-width="0.7"/>'
                f'<text x="{x + CELL - 8:g}" y="{y + 11:g}" text-anchor="middle" font-size="8" fill="#333">{EFFECTS[eff].letter}</text>'
            )
        parts.append("</g>")
        return "".join(parts)

    def _last_marks(self, state: CardgoState, r: Report) -> str:
        out = ['<g class="last-move" aria-hidden="true">']
        x, y = self._xy(state, r.cell)
        out.append(
            f'<rect class="last-cell" x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4:g}" height="{CELL - 4:g}" fill="none" stroke="#f2b705" stroke-width="2.5" rx="4"/>'
        )
        seen = set()
        for cell, _owner, value, _side in r.took_effect:
            if cell in seen:
                continue
            seen.add(cell)
            cx, cy = self._xy(state, cell)
            out.append(
                f'<g class="took-effect"><circle cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.38:g}" fill="none" '
                f'stroke="{COLOURS[_owner]}" stroke-width="2" stroke-dasharray="4 3"/>'
                f'<text x="{cx + CELL / 2:g}" y="{cy + CELL / 2 + 5:g}" text-anchor="middle" font-size="13" fill="{COLOURS[_owner]}">−{value}</text></g>'
            )
        if r.evil >= 0:
            cx, cy = self._xy(state, r.evil)
            out.append(
                f'<text class="evil" x="{cx + CELL / 2:g}" y="{cy + CELL / 2 + 6:g}" text-anchor="middle" font-size="18" fill="#333">✕</text>'
            )
        if r.brave >= 0:
            cx, cy = self._xy(state, r.brave)
            out.append(
                f'<circle class="brave" cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.45:g}" fill="none" stroke="#f2b705" stroke-width="2"/>'
            )
        out.append("</g>")
        return "".join(out)

    # --- preview ---------------------------------------------------------------------------
    def _preview_for(self, state: CardgoState, ctx: ViewContext) -> Preview | None:
        if not ctx.prefs.get("preview", True) or not ctx.hover or state.is_over:
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

    def _preview_layer(self, state: CardgoState, p: Preview) -> str:
        out = ['<g class="preview" opacity="0.6" aria-hidden="true">']
        x, y = self._xy(state, p.cell)
        card = state.hands[p.player][p.hand_index]
        if not p.vanished:
            cx, cy = x + CELL / 2, y + CELL / 2
            out.append(
                f'<circle cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.38:g}" fill="{COLOURS[p.player]}" stroke="#222" stroke-dasharray="3 2"/>'
                f'<text x="{cx:g}" y="{cy + 5:g}" text-anchor="middle" font-size="15" font-weight="bold" fill="#fff">{p.stone_value}</text>'
            )
            if card.effect:
                out.append(
                    f'<text x="{x + CELL - 8:g}" y="{y + 11:g}" text-anchor="middle" font-size="8">{EFFECTS[card.effect].letter}</text>'
                )
        for cell in p.takes:
            cx, cy = self._xy(state, cell)
            out.append(
                f'<circle class="pv-take" cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.46:g}" fill="#ffe066" fill-opacity="0.35" stroke="#e0a800" stroke-width="2.5"/>'
            )
        for cell in p.maybe:
            cx, cy = self._xy(state, cell)
            out.append(
                f'<circle class="pv-maybe" cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.46:g}" fill="none" stroke="#e0a800" stroke-width="2" stroke-dasharray="3 3"/>'
            )
        for cell in p.reverts:
            cx, cy = self._xy(state, cell)
            out.append(
                f'<text class="pv-revert" x="{cx + 5:g}" y="{cy + CELL - 4:g}" font-size="11" fill="#222">↺</text>'
            )
        for cell in p.converted:
            if cell in p.reverts:
                continue
            cx, cy = self._xy(state, cell)
            out.append(
                f'<text class="pv-conv" x="{cx + 5:g}" y="{cy + CELL - 4:g}" font-size="11" fill="#222">⇄</text>'
            )
        out.append("</g>")
        return "".join(out)

    def _footer(self, state: CardgoState, ctx: ViewContext, p: Preview | None, w: float, h: float) -> str:
        if p is not None:
            text = (
                f"Preview {state.grid.names[p.cell]}: "
                + damage_text(p.damage)
                + (" (random part)" if p.random or p.maybe else "")
            )
        elif state.last is not None:
            r = state.last
            text = f"Last move, turn {r.turn}: " + damage_text(
                ((r.damage[0], r.damage[0]), (r.damage[1], r.damage[1]))
            )
        else:
            text = "Drag a hand card onto an empty cell (or pick a card, then a cell)."
        return f'<text class="foot" x="{MARGIN:g}" y="{h - 8:g}" font-size="11" fill="#333" aria-live="polite">{esc(text)}</text>'

    # --- panel ------------------------------------------------------------------------------
    def time_bars(self, state: CardgoState) -> str:
        top = max(state.options.start_time, *state.time)
        out = ['<div class="cg-times">']
        for p in (0, 1):
            pct = 100.0 * state.time[p] / top if top else 0
            turn = " cg-turn" if p == state.player and not state.is_over else ""
            out.append(
                f'<div class="cg-time{turn}" role="meter" aria-valuemin="0" aria-valuemax="{top}" aria-valuenow="{state.time[p]}" '
                f'aria-label="{PLAYER_NAMES[p]} time {state.time[p]}"><span class="cg-name">{PLAYER_NAMES[p]}</span> '
                f'<span class="cg-bar" style="display:inline-block;width:120px;height:10px;background:#ddd;border-radius:5px;overflow:hidden">'
                f'<span style="display:block;width:{pct:.1f}%;height:100%;background:{COLOURS[p]}"></span></span> '
                f"<b>{state.time[p]}</b></div>"
            )
        out.append("</div>")
        return "".join(out)

    def panel(self, state: CardgoState, ctx: ViewContext) -> str:
        out = [self.time_bars(state)]
        viewer = ctx.viewer
        my_turn = ctx.interactive and not state.is_over and (viewer is None or viewer == state.player)
        # a hand is drawn for its owner only (a spectator sees how many cards each holds), and for
        # everyone once the player asked to see everything after the game
        for p in (0, 1):
            if p == viewer or ctx.reveal_all:
                out.append(self._hand(state, ctx, p, my_turn and p == state.player))
            else:
                n = len(state.hands[p])
                text = ngettext("{player} holds {n} card.", "{player} holds {n} cards.", n)
                out.append(f'<p class="cg-other">{esc(text.format(player=PLAYER_NAMES[p], n=n))}</p>')
        if my_turn and state.phase == EXTRA:
            out.append(
                f'<div class="choice"><p>Extra play: you may also play a card of value {state.extra_value}.</p>'
                f'<button type="button" class="btn" data-move="skip" data-key="skip" tabindex="0" role="button" aria-label="skip the extra play">Skip</button></div>'
            )
        elif my_turn and state.legal_moves()[0].code == "pass":
            out.append(
                '<div class="choice"><p>No cell is free for you: pass.</p>'
                '<button type="button" class="btn" data-move="pass" data-key="pass" tabindex="0" role="button" aria-label="pass">Pass</button></div>'
            )
        pv = self._preview_for(state, ctx)
        if pv is not None:
            out.append(f'<p class="cg-preview" aria-live="polite">{esc(describe(state, pv))}</p>')
        lines = event_lines(state, viewer, limit=8, reveal=ctx.reveal_all)
        if lines:
            items = "".join(f"<li>{esc(x)}</li>" for x in lines)
            out.append(f'<details class="cg-log" open><summary>Event log</summary><ol>{items}</ol></details>')
        out.append(self.legend(state))
        return "".join(out)

    def _hand(self, state: CardgoState, ctx: ViewContext, who: int, active: bool) -> str:
        hand = state.hands[who]
        playable = set(state.playable_hand()) if active else set()
        selected = _selected(ctx)
        out = [f'<div class="cg-hand" role="group" aria-label="{PLAYER_NAMES[who]} hand">']
        for i, card in enumerate(hand):
            eff = EFFECTS[card.effect]
            # the accessible name starts with the visible text ("3 Joy"), as WCAG 2.5.3 asks
            label = (
                f"{card.value}"
                + (f" {eff.name}" if card.effect else "")
                + f": card {i + 1}, value {card.value}"
            )
            label += f". {eff.text}" if card.effect else ""
            classes = (
                "cg-card" + (" selected" if selected == i else "") + ("" if i in playable else " inactive")
            )
            act = {}
            if i in playable:
                act = {
                    "data_drag": f"h{i}",
                    "data_pick": f"h{i}",
                    "tabindex": "0",
                    "role": "button",
                }
            a = attrs_html(
                class_=classes,
                data_key=f"card-{i}",
                aria_label=label,
                aria_pressed="true" if selected == i else None,
                **act,
            )
            style = (
                "display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
                f"min-width:44px;height:60px;margin:3px;padding:2px 4px;border:2px solid {COLOURS[who]};"
                f"border-radius:6px;background:#fffdf5;opacity:{1 if i in playable else 0.55};"
                f"cursor:{'grab' if i in playable else 'default'};"
                + ("box-shadow:0 0 0 3px #f2b705;" if selected == i else "")
            )
            badge = (
                f'<span class="cg-eff" style="font-size:10px">{esc(eff.name)}</span>' if card.effect else ""
            )
            out.append(
                f'<div {a} style="{style}"><span class="cg-val" style="font-size:20px;font-weight:bold">'
                f"{card.value}</span> {badge}</div>"
            )
        out.append("</div>")
        return "".join(out)

    def legend(self, state: CardgoState) -> str:
        kinds = sorted(set(state.terrain))
        items = "".join(
            f'<li><span class="cg-swatch" style="display:inline-block;width:12px;height:12px;background:{TERRAINS[k].colour};border:1px solid #888"></span> '
            f"{esc(TERRAINS[k].icon)} <b>{esc(TERRAINS[k].name)}</b>: {esc(TERRAINS[k].text)}</li>"
            for k in kinds
        )
        return f'<details class="cg-legend"><summary>Terrain legend</summary><ul>{items}</ul></details>'

    # --- scoreboard and prompts -------------------------------------------------------------
    def status(self, state: CardgoState) -> list[tuple[str, str]]:
        stones = [sum(1 for o in state.owners if o == p) for p in (0, 1)]
        return [
            ("Time", f"{state.time[0]} · {state.time[1]}"),
            ("Stones", f"{stones[0]} · {stones[1]}"),
            ("Turn", str(state.turn)),
        ]

    def prompt(self, state: CardgoState, ctx: ViewContext) -> str:
        out = state.outcome()
        if out is not None:
            return (
                "Draw: " + out.reason
                if out.winner is None
                else f"{PLAYER_NAMES[out.winner]} wins: {out.reason}."
            )
        who = PLAYER_NAMES[state.player]
        if state.phase == EXTRA:
            return f"{who}: you may play a card of value {state.extra_value} as well, or skip."
        if state.legal_moves()[0].code == "pass":
            return f"{who} cannot place anywhere and must pass."
        if _selected(ctx) is not None:
            return f"{who}: now choose an empty cell for the selected card."
        return f"{who}: drag a hand card onto an empty cell (or pick a card, then a cell)."

    def pick(self, state: CardgoState, ctx: ViewContext, token: str) -> PickResult:
        if token in ("skip", "pass"):
            return PickResult(selection=None, move=token)
        if token.startswith("h") and token[1:].isdigit():
            i = int(token[1:])
            if i not in state.playable_hand():
                need = (
                    f" (the extra play needs a card of value {state.extra_value})"
                    if state.phase == EXTRA
                    else ""
                )
                return PickResult(selection=ctx.selection, message=f"that card cannot be played now{need}")
            return PickResult(selection=token)
        hand, cell = _token_cell(state, token)
        if cell is None:
            return PickResult(selection=ctx.selection, message=f"unknown target {token!r}")
        if hand is None:
            hand = _selected(ctx)
        if hand is None:
            playable = state.playable_hand()
            if len(playable) == 1:
                hand = playable[0]
            else:
                return PickResult(selection=None, message="choose a hand card first, then a cell")
        why = state.why_illegal(hand, cell)
        if why != "legal":
            return PickResult(selection=ctx.selection, message=f"cannot place there: {why}")
        return PickResult(selection=None, move=Place(hand, cell, state.grid.names[cell]).code)

    def options_help(self) -> dict[str, str]:
        from webtabletop.games.cardgo.options import OPTIONS_HELP

        return dict(OPTIONS_HELP)

    def rules_html(self) -> str:
        return rules_html()


VIEW = CardgoView()
