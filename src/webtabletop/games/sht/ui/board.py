"""SHT's table as SVG, drawn from ``state.view(viewer)`` only (see view.py for the hidden-card policy).

Board contract (docs/board.md), from ``ctx.previous`` and ``ctx.last_move``, never naming a card the
viewer may not see:
- every face-up card is ``data-piece="c<id>"`` (its id: a card keeps its key from hand to field
  to battle); a face-down card has a key by place only (``h<player>-<i>`` in a hand,
  ``f<player>-<i>`` on a field), the deck ``deck`` and a shield ``shield<player>``;
- a card the last move put on a field says ``data-from`` (the hand card it was) and
  ``data-anim="place"``; the attacking card ``data-anim="fire"`` (``"turn"`` when it was closed:
  it is revealed) and flies from its field slot; a shield that just broke ``data-anim="capture"``;
  the discard pile's top after a battle ``data-anim="place"``; all of these are ``data-changed``;
- ``class="legal"`` on the viewer's playable hand cards and the field cards that may attack or be
  put forward; drop zones: the viewer's field (``data-drop="field"``: a dragged hand card is put
  there) and the opponent's side (``data-drop="enemy"``: a dragged field card attacks);
  drag tokens ``dh:<id>`` (hand card) and ``df:<id>`` (field card), see ``ShtView.pick``;
- ``data-hint`` on the cards of ``ctx.hint``.
"""

from __future__ import annotations

from webtabletop.core.view import ViewContext, attrs_html, esc
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.state import ADVANTAGE, DEFEND, TURN, ShtState
from webtabletop.games.sht.rules.summary import battle_text, player
from webtabletop.games.sht.ui.card_svg import (
    CH,
    CW,
    HEIGHT,
    SH,
    SW,
    TABLE,
    WIDTH,
    back_pattern_defs,
    card_back,
    card_face,
    row_x,
)
from webtabletop.i18n import _, ngettext


def button_attrs(label: str, token: str, kind: str = "pick", **more) -> str:
    key = "data_pick" if kind == "pick" else "data_move"
    return attrs_html(**{key: token}, tabindex="0", role="button", aria_label=label, **more)


def ids(selection: str | None, prefix: str) -> tuple[int, ...]:
    if not selection or not selection.startswith(prefix + ":"):
        return ()
    body = selection[len(prefix) + 1 :]
    try:
        return tuple(int(x) for x in body.split(",") if x)
    except ValueError:
        return ()


def hint_cards(ctx: ViewContext) -> set[int]:
    code = ctx.hint or ""
    _kind, _sep, body = code.partition(":")
    return {int(x) for x in body.split(",") if x.isdigit()}


class Changes:
    """What the last move changed, as the viewer may see it (empty without a move)."""

    def __init__(self, state: ShtState, ctx: ViewContext, viewer_view: dict):
        self.placed: set[int] = set()  # face-up cards newly on a field
        self.placed_backs: dict[int, int] = {}  # player -> field slot index of a new back
        self.hand_before: dict[int, int] = {0: 0, 1: 0}
        self.attack_from: str | None = None
        self.attack_turned = False
        self.shield_broke: set[int] = set()
        self.battle_over = False
        self.forward: set[int] = set()
        prev = ctx.previous
        if ctx.last_move is None or not isinstance(prev, ShtState):
            return
        pv = prev.view(ctx.viewer, reveal=ctx.reveal_all)
        for p in (0, 1):
            before = pv["players"][p]
            now = viewer_view["players"][p]
            self.hand_before[p] = before["hand_count"]
            old = [f["card"] for f in before["field"]]
            new = [f["card"] for f in now["field"]]
            if len(new) > len(old):
                for i in range(len(old), len(new)):
                    if new[i] is None:
                        self.placed_backs[p] = i
                    else:
                        self.placed.add(C.from_name(new[i]))
            if before["shield"] and not now["shield"]:
                self.shield_broke.add(p)
        if viewer_view["attack"] and not pv["attack"]:
            card = C.from_name(viewer_view["attack"])
            for p in (0, 1):
                for i, slot in enumerate(prev.fields[p]):
                    if slot.card != card:
                        continue
                    if pv["players"][p]["field"][i]["card"] is None:  # it was a back: now revealed
                        self.attack_from, self.attack_turned = f"f{p}-{i}", True
                    else:
                        self.attack_from = f"c{card}"
        self.battle_over = bool(pv["attack"]) and not viewer_view["attack"]
        self.forward = set(state.chosen) - set(prev.chosen)


def draw_board(view, state: ShtState, ctx: ViewContext) -> str:
    """The table: the opponent's hand, shield and field on top, deck/discard/battle in the middle,
    the viewer's field, hand and shield below."""
    v = state.view(ctx.viewer, reveal=ctx.reveal_all)
    bottom = view.bottom(ctx)
    top = 1 - bottom
    mine = view.my_turn(state, ctx)
    phase = v["phase"]
    sel_hand = set(ids(ctx.selection, "h"))
    sel_attack = set(ids(ctx.selection, "a"))
    forward = set(state.chosen)
    hinted = hint_cards(ctx)
    ch = Changes(state, ctx, v)
    legal = {m.code for m in state.legal_moves()} if mine else set()
    can_put = mine and phase in (TURN, ADVANTAGE) and "pass" not in legal and bool(state.hands[ctx.viewer])
    can_attack = mine and phase == TURN and any(code.startswith("a:") for code in legal)
    new_cards: set[str] = set()
    if isinstance(ctx.previous, ShtState) and ctx.viewer is not None:
        before = ctx.previous.view(ctx.viewer)["players"][ctx.viewer]["hand"] or []
        now = v["players"][ctx.viewer]["hand"] or []
        new_cards = set(now) - set(before)

    table = esc(_("SHT table"))
    out = [
        f'<svg class="board sht" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" aria-label="{table}" '
        f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg" font-family="system-ui,sans-serif">',
        back_pattern_defs(),
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="{TABLE}"/>',
    ]

    def side_label(p: int, y: float) -> str:
        pv = v["players"][p]
        to_move = v["to_move"] == p and not v["outcome"]
        text = _("{player} (you): {n} in hand") if p == ctx.viewer else _("{player}: {n} in hand")
        text = text.format(player=player(p), n=pv["hand_count"])
        if to_move:
            text = _("{side}, to move").format(side=text)
        return f'<text x="16" y="{y:g}" font-size="15" fill="#fff" font-weight="600">{esc(text)}</text>'

    def shield_card(p: int, x: float, y: float) -> str:
        pv = v["players"][p]
        anim = attrs_html(
            data_piece=f"shield{p}",
            data_anim="capture" if p in ch.shield_broke else None,
            data_changed=p in ch.shield_broke,
        )
        if not pv["shield"]:
            word = esc(_("no shield"))
            return (
                f'<g {anim} role="img" aria-label="{word}"><rect x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" rx="6" fill="none" '
                f'stroke="#ffffff88" stroke-dasharray="4 4"/><text x="{x + CW / 2:g}" y="{y + CH / 2 + 4:g}" font-size="11" '
                f'fill="#fff" text-anchor="middle">{word}</text></g>'
            )
        if pv.get("shield_card"):
            return card_face(x, y, C.from_name(pv["shield_card"]), extra=anim)
        label = _("{player}'s shield (nobody may look at it)").format(player=player(p))
        return card_back(x, y, label=label, band=_("shield"), extra=anim)

    def field_row(p: int, y: float) -> str:
        pv = v["players"][p]
        field = pv["field"]
        xs = row_x(len(field), 16, WIDTH - 110, CW)
        parts = []
        if not field:
            none = esc(_("no field cards"))
            parts.append(
                f'<text x="{(WIDTH - 110) / 2:g}" y="{y + CH / 2:g}" font-size="13" fill="#fff" '
                f'text-anchor="middle">{none}</text>'
            )
        for i, (x, f) in enumerate(zip(xs, field, strict=True)):
            name = f["card"]
            if name is None:
                new_back = ch.placed_backs.get(p) == i
                extra = attrs_html(
                    data_piece=f"f{p}-{i}",
                    data_from=f"h{p}-{ch.hand_before[p] - 1}" if new_back else None,
                    data_anim="place" if new_back else None,
                    data_changed=new_back or None,
                )
                if f["chosen"]:
                    label = _("{player}'s closed field card, put forward to defend").format(player=player(p))
                    parts.append(card_back(x, y - 12, label=label, band=_("forward"), extra=extra))
                else:
                    label = _("{player}'s closed field card").format(player=player(p))
                    parts.append(card_back(x, y, label=label, band=_("closed"), extra=extra))
                continue
            card = C.from_name(name)
            extra, cls = "", ""
            selected = False
            drag = None
            if p == ctx.viewer and mine:
                if phase == TURN and not v["first_turn"] and f"a:{card}" in legal:
                    selected = card in sel_attack
                    label = _("{symbol} {card}: attack with it").format(
                        symbol=C.symbol(card), card=C.long_name(card)
                    )
                    extra, cls, drag = button_attrs(label, f"f:{card}"), "legal", f"df:{card}"
                elif phase == DEFEND and card not in forward and f"+:{card}" in legal:
                    label = _("{symbol} {card}: put it forward to defend").format(
                        symbol=C.symbol(card), card=C.long_name(card)
                    )
                    extra, cls = button_attrs(label, f"d:{card}"), "legal"
            if f["chosen"]:
                selected = True
                extra = (extra + " " if extra else "") + 'data-forward="1"'
            placed = card in ch.placed
            extra += " " + attrs_html(
                data_piece=f"c{card}",
                data_from=f"c{card}" if placed else None,
                data_anim="place" if placed else None,
                data_changed=placed or card in ch.forward or None,
                data_drag=drag,
                data_hint=card in hinted,
            )
            lift = 12 if f["chosen"] else 0
            parts.append(
                card_face(x, y - lift, card, closed=not f["open"], selected=selected, extra=extra, cls=cls)
            )
        return "".join(parts)

    def zone(token: str | None, y: float, h: float, body: str, label: str) -> str:
        """A group that is a drop target (a dragged card lands anywhere on it)."""
        if token is None:
            return body
        a = attrs_html(class_="drop-zone legal", data_drop=token, aria_label=label, role="group")
        return (
            f'<g {a}><rect x="8" y="{y:g}" width="{WIDTH - 16}" height="{h:g}" rx="10" fill="#ffffff10" '
            f'stroke="#ffe08288" stroke-dasharray="6 4"/>{body}</g>'
        )

    # opponent (top)
    tv = v["players"][top]
    head = [side_label(top, 24)]
    hand_top = tv["hand"]
    n = tv["hand_count"]
    for i, x in enumerate(row_x(n, 16, WIDTH - 110, SW, 4)):
        if hand_top is not None and hand_top[i] is not None:
            card = C.from_name(hand_top[i])
            head.append(card_face(x, 30, card, SW, SH, extra=attrs_html(data_piece=f"c{card}")))
        else:
            label = _("{player}'s hand card").format(player=player(top))
            head.append(card_back(x, 30, SW, SH, label=label, extra=attrs_html(data_piece=f"h{top}-{i}")))
    head.append(shield_card(top, WIDTH - 90, 30))
    head.append(field_row(top, 104))
    out.append(zone("enemy" if can_attack else None, 4, 198, "".join(head), _("attack here")))

    # middle band: deck, discard, battle
    mid = 214
    out.append(
        f'<rect x="8" y="{mid - 6}" width="{WIDTH - 16}" height="{CH + 36}" rx="10" fill="#00000022"/>'
    )
    if v["deck_count"]:
        label = ngettext("deck, {n} card", "deck, {n} cards", v["deck_count"]).format(n=v["deck_count"])
        out.append(card_back(24, mid, label=label, extra=attrs_html(data_piece="deck")))
    else:
        out.append(
            f'<rect x="24" y="{mid}" width="{CW}" height="{CH}" rx="6" fill="none" stroke="#ffffff88" stroke-dasharray="4 4"/>'
        )
    deck_word = esc(_("deck {n}").format(n=v["deck_count"]))
    out.append(
        f'<text x="{24 + CW / 2:g}" y="{mid + CH + 18:g}" font-size="13" fill="#fff" text-anchor="middle">{deck_word}</text>'
    )
    disc = v["discard"]
    if disc:
        top_card = C.from_name(disc[-1])
        extra = attrs_html(
            data_piece=f"c{top_card}",
            data_anim="place" if ch.battle_over else None,
            data_changed=ch.battle_over or None,
        )
        out.append(card_face(104, mid, top_card, extra=extra))
    else:
        out.append(
            f'<rect x="104" y="{mid}" width="{CW}" height="{CH}" rx="6" fill="none" stroke="#ffffff88" stroke-dasharray="4 4"/>'
        )
    disc_word = esc(_("discard {n}").format(n=len(disc)))
    out.append(
        f'<text x="{104 + CW / 2:g}" y="{mid + CH + 18:g}" font-size="13" fill="#fff" text-anchor="middle">{disc_word}</text>'
    )
    if v["attack"]:
        card = C.from_name(v["attack"])
        a = C.value(card)
        extra = attrs_html(
            data_role="attack",
            data_piece=f"c{card}",
            data_from=ch.attack_from,
            data_anim=("turn" if ch.attack_turned else "fire") if ch.attack_from else None,
            data_changed=ch.attack_from is not None or None,
        )
        out.append(card_face(190, mid, card, extra=extra))
        attack_word = esc(_("attack {value}").format(value=a))
        out.append(
            f'<text x="{190 + CW + 14:g}" y="{mid + 30:g}" font-size="18" fill="#ffe082" font-weight="700">'
            f"{attack_word}</text>"
        )
        if phase == DEFEND and forward and (ctx.viewer == v["to_move"] or ctx.reveal_all):
            d = sum(C.value(c) for c in forward)
            text = _("defence {defence} ≥ {attack}") if d >= a else _("defence {defence} < {attack}")
            out.append(
                f'<text x="{190 + CW + 14:g}" y="{mid + 56:g}" font-size="16" fill="#fff">'
                f"{esc(text.format(defence=d, attack=a))}</text>"
            )
    else:
        text = battle_text(v["last_battle"])
        if v["outcome"]:
            w = v["outcome"]["winner"]
            reason = v["outcome"]["reason"]
            reason = _(reason)
            if w is None:
                text = _("Draw: {reason}.").format(reason=reason)
            else:
                text = _("{player} wins: {reason}.").format(player=player(w), reason=reason)
        elif v["advantage"]:
            text = _("{player}: advantage step — a card was drawn; put one open or skip.").format(
                player=player(v["advantage"]["player"])
            )
        if text:
            # HTML inside the band, so the browser wraps the words (any language, any font) and
            # the text never runs past the table; a long text gets a smaller font (app.css)
            size = "long" if len(text) > 130 else "short"
            out.append(
                f'<foreignObject x="184" y="{mid - 2}" width="{WIDTH - 184 - 14}" height="{CH + 28}">'
                f'<div xmlns="http://www.w3.org/1999/xhtml" class="sht-summary {size}" data-key="sht-summary">'
                f"{esc(text)}</div></foreignObject>"
            )

    # viewer (bottom)
    bv = v["players"][bottom]
    out.append(zone("field" if can_put else None, 330, 112, field_row(bottom, 346), _("put a card here")))
    out.append(side_label(bottom, 462))
    hand = bv["hand"]
    n = bv["hand_count"]
    for i, x in enumerate(row_x(n, 16, WIDTH - 110, CW)):
        if hand is None or hand[i] is None:  # a match card not opened to this browser yet
            label = _("{player}'s hand card").format(player=player(bottom))
            out.append(card_back(x, 472, label=label, extra=attrs_html(data_piece=f"h{bottom}-{i}")))
            continue
        card = C.from_name(hand[i])
        extra, cls = "", ""
        if bottom == ctx.viewer and mine and phase in (TURN, ADVANTAGE):
            label = _("{symbol} {card}: select").format(symbol=C.symbol(card), card=C.long_name(card))
            extra = button_attrs(
                label,
                f"h:{card}",
                data_drag=f"dh:{card}" if can_put else None,
            )
            cls = "legal"
        extra += " " + attrs_html(data_piece=f"c{card}", data_hint=card in hinted)
        out.append(
            card_face(
                x,
                472,
                card,
                selected=card in sel_hand,
                new=hand[i] in new_cards and bottom == ctx.viewer,
                extra=extra,
                cls=cls,
            )
        )
    out.append(shield_card(bottom, WIDTH - 90, 472))
    out.append("</svg>")
    return "".join(out)
