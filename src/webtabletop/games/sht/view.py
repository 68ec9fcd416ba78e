"""SVG view of SHT: standard playing cards, hidden information drawn from ``state.view(viewer)`` only.

Every card face the board or panel draws comes from ``state.view(ctx.viewer, reveal=ctx.reveal_all)``,
so a face the viewer may not see is never drawn (the tests check every card element); only when
the player asked to see everything after the game (``ctx.reveal_all``) are both hands, the closed
cards and the shields drawn face up. The viewer's own closed cards are
drawn face up with a dashed border and a "closed" band; the opponent's closed cards, every hand but
the viewer's, both shields and the deck are drawn as backs.

Interaction (tokens, see webtabletop.core.view):
- ``h:<id>``  toggles a hand card in the selection (``h:3,17``); buttons then play it closed, two
  open, or (first turn / advantage) one open;
- ``f:<id>``  selects an own field card to attack with (``a:<id>``); a second click attacks;
- ``d:<id>``  puts one of the defender's field cards forward (the move ``+:<id>``: any card, so
  every set of field cards is reachable); the cards put forward are highlighted, the panel shows
  their total against the attack, a Defend button (``d:<ids>``, once they are enough) and Decline
  (any time; Undo takes a card back);
- ``clear``   empties the selection.

Share links (policy, also on the rules page): a link holds the options, the seed and the moves, i.e.
a full replay, so it is *not* a way to keep a secret from whoever opens it. A finished game shows
hidden cards only when a player asks (``ctx.reveal_all``); an unfinished game opens behind the
privacy screen, and only after the
receiver confirms "I am <player to move>" is the position shown from that player's side. Anything
shown before that confirmation comes from :func:`public_summary`, which holds only public facts.
"""

from __future__ import annotations

from webtabletop.core.protocol import State
from webtabletop.core.view import GameView, PickResult, ViewContext, attrs_html, esc
from webtabletop.games.sht import cards as C
from webtabletop.games.sht.card_svg import (
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
from webtabletop.games.sht.rules import (
    ADVANTAGE,
    DEFEND,
    PLAYER_NAMES,
    TURN,
    ShtState,
    advantage_of,
)
from webtabletop.games.sht.rules_page import rules_html
from webtabletop.games.sht.summary import battle_text, sym, wrap
from webtabletop.i18n import _, ngettext


def _button_attrs(label: str, token: str, kind: str = "pick") -> str:
    key = "data_pick" if kind == "pick" else "data_move"
    return attrs_html(**{key: token}, tabindex="0", role="button", aria_label=label)


def _ids(selection: str | None, prefix: str) -> tuple[int, ...]:
    if not selection or not selection.startswith(prefix + ":"):
        return ()
    body = selection[len(prefix) + 1 :]
    try:
        return tuple(int(x) for x in body.split(",") if x)
    except ValueError:
        return ()


# --- the view --------------------------------------------------------------------------------
class ShtView(GameView):
    player_names = PLAYER_NAMES
    player_colours = ("#c0392b", "#2f6fd6")
    privacy_screen = True

    def _bottom(self, ctx: ViewContext) -> int:
        me = ctx.viewer if ctx.viewer is not None else 0
        return 1 - me if ctx.flipped else me

    def _my_turn(self, state: State, ctx: ViewContext) -> bool:
        return (
            ctx.interactive and ctx.viewer is not None and not state.is_over and state.to_move() == ctx.viewer
        )

    def board(self, state: State, ctx: ViewContext) -> str:
        assert isinstance(state, ShtState)
        v = state.view(ctx.viewer, reveal=ctx.reveal_all)
        bottom = self._bottom(ctx)
        top = 1 - bottom
        mine = self._my_turn(state, ctx)
        phase = v["phase"]
        sel_hand = set(_ids(ctx.selection, "h"))
        sel_attack = set(_ids(ctx.selection, "a"))
        forward = set(state.chosen)
        new_cards: set[str] = set()
        if ctx.previous is not None and ctx.viewer is not None and isinstance(ctx.previous, ShtState):
            before = ctx.previous.view(ctx.viewer)["players"][ctx.viewer]["hand"] or []
            now = v["players"][ctx.viewer]["hand"] or []
            new_cards = set(now) - set(before)

        out = [
            f'<svg class="board sht" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" aria-label="SHT table" '
            f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg" font-family="system-ui,sans-serif">',
            back_pattern_defs(),
            f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="{TABLE}"/>',
        ]

        def side_label(p: int, y: float) -> str:
            pv = v["players"][p]
            turn = " — to move" if v["to_move"] == p and not v["outcome"] else ""
            you = " (you)" if p == ctx.viewer else ""
            shield = "shield" if pv["shield"] else "no shield"
            text = f"{PLAYER_NAMES[p]}{you}: {pv['hand_count']} in hand · {shield}{turn}"
            return f'<text x="16" y="{y:g}" font-size="15" fill="#fff" font-weight="600">{esc(text)}</text>'

        def shield_card(p: int, x: float, y: float) -> str:
            pv = v["players"][p]
            if not pv["shield"]:
                return (
                    f'<g aria-label="no shield"><rect x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" rx="6" fill="none" '
                    f'stroke="#ffffff88" stroke-dasharray="4 4"/><text x="{x + CW / 2:g}" y="{y + CH / 2 + 4:g}" font-size="11" '
                    f'fill="#ffffffcc" text-anchor="middle">no shield</text></g>'
                )
            if pv.get("shield_card"):
                return card_face(x, y, C.from_name(pv["shield_card"]))
            return card_back(x, y, label=f"{PLAYER_NAMES[p]}'s shield (nobody may look at it)", band="shield")

        def field_row(p: int, y: float) -> str:
            pv = v["players"][p]
            field = pv["field"]
            xs = row_x(len(field), 16, WIDTH - 110, CW)
            parts = []
            if not field:
                parts.append(
                    f'<text x="{WIDTH / 2 - 50:g}" y="{y + CH / 2:g}" font-size="13" fill="#ffffffaa" text-anchor="middle">no field cards</text>'
                )
            for x, f in zip(xs, field, strict=True):
                name = f["card"]
                if name is None:
                    if f["chosen"]:
                        label = _("{player}'s closed field card, put forward to defend").format(
                            player=PLAYER_NAMES[p]
                        )
                        parts.append(card_back(x, y - 12, label=label, band=_("forward")))
                    else:
                        label = _("{player}'s closed field card").format(player=PLAYER_NAMES[p])
                        parts.append(card_back(x, y, label=label, band="closed"))
                    continue
                card = C.from_name(name)
                extra = ""
                selected = False
                if p == ctx.viewer and mine:
                    if phase == TURN and not v["first_turn"]:
                        selected = card in sel_attack
                        extra = _button_attrs(f"attack with {C.long_name(card)}", f"f:{card}")
                    elif phase == DEFEND and card not in forward:
                        label = _("put {card} forward to defend").format(card=C.long_name(card))
                        extra = _button_attrs(label, f"d:{card}")
                if f["chosen"]:
                    selected = True
                    extra = (extra + " " if extra else "") + 'data-forward="1"'
                lift = 12 if f["chosen"] else 0
                parts.append(
                    card_face(x, y - lift, card, closed=not f["open"], selected=selected, extra=extra)
                )
            return "".join(parts)

        # opponent (top)
        tv = v["players"][top]
        out.append(side_label(top, 24))
        hand_top = tv["hand"]
        n = tv["hand_count"]
        xs = row_x(n, 16, WIDTH - 110, SW, 4)
        for i, x in enumerate(xs):
            if hand_top is not None:
                out.append(card_face(x, 34, C.from_name(hand_top[i]), SW, SH))
            else:
                out.append(card_back(x, 34, SW, SH, label=f"{PLAYER_NAMES[top]}'s hand card"))
        out.append(shield_card(top, WIDTH - 90, 34))
        out.append(field_row(top, 134))

        # middle band: deck, discard, battle
        mid = 262
        out.append(
            f'<rect x="8" y="{mid - 6}" width="{WIDTH - 16}" height="{CH + 36}" rx="10" fill="#00000022"/>'
        )
        if v["deck_count"]:
            out.append(card_back(24, mid, label=f"deck, {v['deck_count']} cards"))
        else:
            out.append(
                f'<rect x="24" y="{mid}" width="{CW}" height="{CH}" rx="6" fill="none" stroke="#ffffff88" stroke-dasharray="4 4"/>'
            )
        out.append(
            f'<text x="{24 + CW / 2:g}" y="{mid + CH + 18:g}" font-size="13" fill="#fff" text-anchor="middle">deck {v["deck_count"]}</text>'
        )
        disc = v["discard"]
        if disc:
            out.append(card_face(110, mid, C.from_name(disc[-1])))
        else:
            out.append(
                f'<rect x="110" y="{mid}" width="{CW}" height="{CH}" rx="6" fill="none" stroke="#ffffff88" stroke-dasharray="4 4"/>'
            )
        out.append(
            f'<text x="{110 + CW / 2:g}" y="{mid + CH + 18:g}" font-size="13" fill="#fff" text-anchor="middle">discard {len(disc)}</text>'
        )
        if v["attack"]:
            a = C.value(C.from_name(v["attack"]))
            out.append(card_face(260, mid, C.from_name(v["attack"]), extra='data-role="attack"'))
            out.append(
                f'<text x="{260 + CW + 14:g}" y="{mid + 30:g}" font-size="18" fill="#ffe082" font-weight="700">attack {a}</text>'
            )
            if phase == DEFEND and forward and (ctx.viewer == v["to_move"] or ctx.reveal_all):
                d = sum(C.value(c) for c in forward)
                mark = "≥" if d >= a else "<"
                out.append(
                    f'<text x="{260 + CW + 14:g}" y="{mid + 56:g}" font-size="16" fill="#fff">{esc(f"defence {d} {mark} {a}")}</text>'
                )
        else:
            text = battle_text(v["last_battle"])
            if v["outcome"]:
                w = v["outcome"]["winner"]
                text = ("Draw" if w is None else f"{PLAYER_NAMES[w]} wins") + f": {v['outcome']['reason']}."
            elif v["advantage"]:
                adv = v["advantage"]
                text = (
                    f"{PLAYER_NAMES[adv['player']]}: advantage step — a card was drawn; put one open or skip."
                )
            for i, line in enumerate(wrap(text, 80)):
                out.append(
                    f'<text x="200" y="{mid + 24 + i * 20}" font-size="15" fill="#fff">{esc(line)}</text>'
                )

        # viewer (bottom)
        bv = v["players"][bottom]
        out.append(field_row(bottom, 396))
        out.append(side_label(bottom, 512))
        hand = bv["hand"]
        n = bv["hand_count"]
        xs = row_x(n, 16, WIDTH - 110, CW)
        for i, x in enumerate(xs):
            if hand is None:
                out.append(card_back(x, 524, label=f"{PLAYER_NAMES[bottom]}'s hand card"))
                continue
            card = C.from_name(hand[i])
            extra = ""
            if bottom == ctx.viewer and mine and phase in (TURN, ADVANTAGE):
                extra = _button_attrs(f"select {C.long_name(card)}", f"h:{card}")
            out.append(
                card_face(
                    x,
                    524,
                    card,
                    selected=card in sel_hand,
                    new=hand[i] in new_cards and bottom == ctx.viewer,
                    extra=extra,
                )
            )
        out.append(shield_card(bottom, WIDTH - 90, 524))
        out.append("</svg>")
        return "".join(out)

    # --- panel and buttons ------------------------------------------------------------------
    def actions(self, state: ShtState, ctx: ViewContext) -> list[tuple[str, str | None]]:
        """(label, move code or None for a disabled button) for the player at the device."""
        if not self._my_turn(state, ctx):
            return []
        legal = {m.code: m for m in state.legal_moves()}
        phase = state.phase
        out: list[tuple[str, str | None]] = []
        if phase == TURN:
            if "pass" in legal:
                return [("Pass (nothing to play)", "pass")]
            hand = _ids(ctx.selection, "h")
            if state.first_turn:
                code = f"o:{hand[0]}" if len(hand) == 1 else None
                return [("Put open (first turn: one card)", code if code in legal else None)]
            one = f"c:{hand[0]}" if len(hand) == 1 else None
            two = next(
                (
                    m.code
                    for m in legal.values()
                    if m.kind == "o" and len(hand) == 2 and set(m.cards) == set(hand)
                ),
                None,
            )
            out.append(("Put closed", one if one in legal else None))
            out.append(("Put two open", two))
            att = _ids(ctx.selection, "a")
            code = f"a:{att[0]}" if att else None
            label = f"Attack with {C.symbol(att[0])}" if att else "Attack (click a field card)"
            out.append((label, code if code in legal else None))
            return out
        if phase == DEFEND:
            chosen = state.chosen
            code = "d:" + ",".join(str(c) for c in chosen) if chosen else None
            assert state.attack is not None
            a = C.value(state.attack)
            d = sum(C.value(c) for c in chosen)
            if chosen:
                label = _("Defend with {defence} against {attack}").format(defence=d, attack=a)
            else:
                label = _("Defend (put cards forward: {attack} or more)").format(attack=a)
            out.append((label, code if code in legal else None))
            shield = state.shields[state.to_move()] is not None
            out.append(("Decline (your shield breaks)" if shield else "Decline (you lose)", "decline"))
            return out
        if phase == ADVANTAGE:
            hand = _ids(ctx.selection, "h")
            code = f"p:{hand[0]}" if len(hand) == 1 else None
            out.append(("Put open", code if code in legal else None))
            out.append(("Skip", "skip"))
        return out

    def panel(self, state: State, ctx: ViewContext) -> str:
        assert isinstance(state, ShtState)
        v = state.view(ctx.viewer, reveal=ctx.reveal_all)
        parts = ['<div class="sht-panel">']
        acts = self.actions(state, ctx)
        if acts:
            parts.append('<div class="actions">')
            for label, code in acts:
                if code is None:
                    parts.append(f'<button type="button" disabled="disabled">{esc(label)}</button>')
                else:
                    parts.append(
                        f'<button type="button" {_button_attrs(label, code, "move")}>{esc(label)}</button>'
                    )
            if ctx.selection:
                parts.append(
                    f'<button type="button" {_button_attrs("Clear selection", "clear")}>Clear selection</button>'
                )
            parts.append("</div>")
        if state.phase == DEFEND and self._my_turn(state, ctx):
            chosen = state.chosen
            assert state.attack is not None
            a = C.value(state.attack)
            d = sum(C.value(c) for c in chosen)
            if chosen and d >= a:
                who, n = advantage_of(state.player, a, d)
                if who == ctx.viewer:
                    text = ngettext(
                        "Defence {defence} against {attack}: you get {n} advantage.",
                        "Defence {defence} against {attack}: you get {n} advantages.",
                        n,
                    )
                else:
                    text = ngettext(
                        "Defence {defence} against {attack}: the attacker gets {n} advantage.",
                        "Defence {defence} against {attack}: the attacker gets {n} advantages.",
                        n,
                    )
                parts.append(f"<p>{esc(text.format(defence=d, attack=a, n=n))}</p>")
            elif chosen:
                text = _("Defence {defence} against {attack}: not enough yet.").format(defence=d, attack=a)
                parts.append(f"<p>{esc(text)}</p>")
        text = battle_text(v["last_battle"])
        if text:
            parts.append(f'<p class="last-battle">Last battle: {esc(text)}</p>')
        disc = v["discard"]
        items = "".join(f"<li>{esc(sym(c))}</li>" for c in disc)
        parts.append(
            f'<details class="discard"><summary>Discard pile ({len(disc)} cards, newest last)</summary>'
            f'<ol class="cards">{items or "<li>empty</li>"}</ol></details>'
        )
        parts.append("</div>")
        return "".join(parts)

    def status(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, ShtState)
        v = state.view(None)
        out = []
        for p in (0, 1):
            pv = v["players"][p]
            shield = "shield ✓" if pv["shield"] else "no shield"
            out.append((PLAYER_NAMES[p], f"{shield} · hand {pv['hand_count']} · field {len(pv['field'])}"))
        out.append(("Deck", str(v["deck_count"])))
        out.append(("Discard", str(len(v["discard"]))))
        return out

    def prompt(self, state: State, ctx: ViewContext) -> str:
        assert isinstance(state, ShtState)
        outcome = state.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return f"Draw: {outcome.reason}."
            return f"{PLAYER_NAMES[outcome.winner]} wins: {outcome.reason}."
        p = state.to_move()
        if ctx.viewer != p or not ctx.interactive:
            doing = {TURN: "their turn", DEFEND: "defending", ADVANTAGE: "an advantage step"}[state.phase]
            return f"Waiting for {PLAYER_NAMES[p]} ({doing})."
        if state.phase == TURN:
            if state.legal_moves()[0].code == "pass":
                return "You have no cards to play and none to attack with: pass."
            if state.first_turn:
                return "Your first turn: select one hand card and put it open."
            if not state.hands[p]:
                return "You have no hand cards: click one of your field cards to attack (you must)."
            return "Your turn: select one hand card to put closed, two to put open, or click one of your field cards to attack."
        if state.phase == DEFEND:
            assert state.attack is not None
            a = C.value(state.attack)
            d = sum(C.value(c) for c in state.chosen)
            if state.shields[p] is not None:
                text = _(
                    "You are attacked with {card} ({attack}): click your field cards to put them forward "
                    "({defence} so far), then defend once they reach {attack}; or decline (your shield breaks)."
                )
            else:
                text = _(
                    "You are attacked with {card} ({attack}): click your field cards to put them forward "
                    "({defence} so far), then defend once they reach {attack}; or decline (you lose)."
                )
            return text.format(card=C.symbol(state.attack), attack=a, defence=d)
        step = "the last" if state.adv_left == 0 else "one more follows"
        return f"Advantage ({step}): you drew a card if the deck had one. Select a hand card to put open, or skip."

    def pick(self, state: State, ctx: ViewContext, token: str) -> PickResult:
        assert isinstance(state, ShtState)
        if token == "clear":
            return PickResult(selection=None)
        if not self._my_turn(state, ctx):
            return PickResult(selection=ctx.selection, message="It is not your move.")
        kind, _sep, rest = token.partition(":")
        if kind in ("h", "f", "d"):
            try:
                card = int(rest)
            except ValueError:
                return PickResult(selection=ctx.selection, message="Unknown card.")
        if kind == "h":
            if state.phase not in (TURN, ADVANTAGE) or card not in state.hands[ctx.viewer]:  # type: ignore[index]
                return PickResult(selection=ctx.selection, message="Select one of your hand cards.")
            chosen = list(_ids(ctx.selection, "h"))
            if card in chosen:
                chosen.remove(card)
            else:
                limit = 1 if state.phase == ADVANTAGE or state.first_turn else 2
                chosen = (chosen + [card])[-limit:]
            return PickResult(selection="h:" + ",".join(map(str, chosen)) if chosen else None)
        if kind == "f":
            codes = {m.code for m in state.legal_moves()}
            code = f"a:{card}"
            if code not in codes:
                return PickResult(selection=ctx.selection, message="You cannot attack with that card now.")
            if ctx.selection == code:
                return PickResult(selection=None, move=code)
            return PickResult(
                selection=code, message=f"Attack with {C.symbol(card)}? Click it again or press Attack."
            )
        if kind == "d":
            if state.phase != DEFEND:
                return PickResult(selection=ctx.selection)
            field = state.fields[state.to_move()]
            if card not in {x.card for x in field}:
                return PickResult(selection=ctx.selection, message=_("Defend with your own field cards."))
            if card in state.chosen:
                return PickResult(
                    selection=ctx.selection,
                    message=_("That card is already forward (Undo takes it back)."),
                )
            code = f"+:{card}"
            if code not in {m.code for m in state.legal_moves()}:
                return PickResult(
                    selection=ctx.selection,
                    message=_("Your field cards together do not reach the attack: you can only decline."),
                )
            return PickResult(selection=None, move=code)
        codes = {m.code for m in state.legal_moves()}
        if token in codes:
            return PickResult(selection=None, move=token)
        return PickResult(selection=ctx.selection, message="That is not possible now.")

    def options_help(self) -> dict[str, str]:
        return {
            "first_player": "Who begins: random (decided by the seed), player 1 or player 2.",
            "first_turn_rule": "The first player's very first turn may only put one card open.",
        }

    def rules_html(self) -> str:
        return rules_html()


VIEW = ShtView()
