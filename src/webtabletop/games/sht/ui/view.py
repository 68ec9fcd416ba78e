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
from webtabletop.core.textboard import TextBoard
from webtabletop.core.view import GameView, PickResult, ViewContext, esc
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.state import ADVANTAGE, DEFEND, PLAYER_NAMES, TURN, ShtState, advantage_of
from webtabletop.games.sht.rules.summary import battle_text, player, sym
from webtabletop.games.sht.ui import text
from webtabletop.games.sht.ui.board import button_attrs as _button_attrs
from webtabletop.games.sht.ui.board import draw_board
from webtabletop.games.sht.ui.board import ids as _ids
from webtabletop.games.sht.ui.describe import describe
from webtabletop.games.sht.ui.rules_page import history_html, rules_html
from webtabletop.i18n import N_, _, ngettext, pgettext

OPTION_LABELS = {"first_player": N_("First player"), "first_turn_rule": N_("First-turn rule")}


# --- the view --------------------------------------------------------------------------------
class ShtView(GameView[ShtState]):
    player_names = PLAYER_NAMES
    player_colours = ("#c0392b", "#2f6fd6")
    privacy_screen = True

    def seed_help(self) -> str:
        return _(
            "Leave empty for a random game; the same seed gives the same shuffle of the deck and the same first player."
        )

    def first_player_note(self) -> str:
        return _("Who begins is set by “First player” below (a coin decides unless you choose).")

    def bottom(self, ctx: ViewContext) -> int:
        me = ctx.viewer if ctx.viewer is not None else 0
        return 1 - me if ctx.flipped else me

    def my_turn(self, state: State, ctx: ViewContext) -> bool:
        return (
            ctx.interactive and ctx.viewer is not None and not state.is_over and state.to_move() == ctx.viewer
        )

    _my_turn = my_turn

    def board(self, state: State, ctx: ViewContext) -> str:
        assert isinstance(state, ShtState)
        return draw_board(self, state, ctx)

    def describe_move(self, before: State, after: State, code: str) -> str:
        """What the move did, naming only cards both players may see (describe.py)."""
        assert isinstance(before, ShtState) and isinstance(after, ShtState)
        return describe(before, after, code)

    def text_board(self, state: State, ctx: ViewContext) -> TextBoard:
        """The table, hands, shields and moves in words, from ``state.view(viewer)`` (ui/text.py)."""
        assert isinstance(state, ShtState)
        return text.text_board(self, state, ctx)

    def news(self, before: State, after: State, code: str, viewer: int | None) -> list[str]:
        """Cards drawn: named to their owner only (ui/text.py)."""
        assert isinstance(before, ShtState) and isinstance(after, ShtState)
        return text.news(before, after, code, viewer)

    def move_sound(self, before: State, after: State, code: str) -> str:
        """A broken shield sounds as a capture; every other move as a move."""
        assert isinstance(before, ShtState) and isinstance(after, ShtState)
        broke = any(before.shields[p] is not None and after.shields[p] is None for p in (0, 1))
        return "capture" if broke else "move"

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
                return [(_("Pass (nothing to play)"), "pass")]
            hand = _ids(ctx.selection, "h")
            if state.first_turn:
                code = f"o:{hand[0]}" if len(hand) == 1 else None
                return [(_("Put open (first turn: one card)"), code if code in legal else None)]
            one = f"c:{hand[0]}" if len(hand) == 1 else None
            two = next(
                (
                    m.code
                    for m in legal.values()
                    if m.kind == "o" and len(hand) == 2 and set(m.cards) == set(hand)
                ),
                None,
            )
            out.append((_("Put closed"), one if one in legal else None))
            out.append((_("Put two open"), two))
            att = _ids(ctx.selection, "a")
            code = f"a:{att[0]}" if att else None
            label = (
                _("Attack with {card}").format(card=C.symbol(att[0]))
                if att
                else _("Attack (click a field card)")
            )
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
            out.append((_("Decline (your shield breaks)") if shield else _("Decline (you lose)"), "decline"))
            return out
        if phase == ADVANTAGE:
            hand = _ids(ctx.selection, "h")
            code = f"p:{hand[0]}" if len(hand) == 1 else None
            out.append((_("Put open"), code if code in legal else None))
            out.append((_("Skip"), "skip"))
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
                    parts.append(
                        f'<button type="button" style="min-height:44px" disabled="disabled">{esc(label)}</button>'
                    )
                else:
                    parts.append(
                        f'<button type="button" style="min-height:44px" '
                        f"{_button_attrs(label, code, 'move', data_hint=code == ctx.hint)}>{esc(label)}</button>"
                    )
            if ctx.selection:
                clear = _("Clear selection")
                parts.append(
                    f'<button type="button" style="min-height:44px" {_button_attrs(clear, "clear")}>{esc(clear)}</button>'
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
            last = esc(_("Last battle: {text}").format(text=text))
            parts.append(f'<p class="last-battle">{last}</p>')
        disc = v["discard"]
        items = "".join(f"<li>{esc(sym(c))}</li>" for c in disc)
        summary = ngettext(
            "Discard pile ({n} card, newest last)", "Discard pile ({n} cards, newest last)", len(disc)
        ).format(n=len(disc))
        empty = esc(pgettext("discard pile", "empty"))
        parts.append(
            f'<details class="discard"><summary>{esc(summary)}</summary>'
            f'<ol class="cards">{items or f"<li>{empty}</li>"}</ol></details>'
        )
        parts.append("</div>")
        return "".join(parts)

    def status(self, state: State) -> list[tuple[str, str]]:
        assert isinstance(state, ShtState)
        v = state.view(None)
        out = []
        for p in (0, 1):
            pv = v["players"][p]
            if pv["shield"]:
                text = _("shield ✓ · hand {hand} · field {field}")
            else:
                text = _("no shield · hand {hand} · field {field}")
            out.append((player(p), text.format(hand=pv["hand_count"], field=len(pv["field"]))))
        out.append((pgettext("SHT: the draw pile", "Deck"), str(v["deck_count"])))
        out.append((_("Discard"), str(len(v["discard"]))))
        return out

    def prompt(self, state: State, ctx: ViewContext) -> str:
        assert isinstance(state, ShtState)
        outcome = state.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return _("Draw: {reason}.").format(reason=_(outcome.reason))
            return _("{player} wins: {reason}.").format(
                player=player(outcome.winner), reason=_(outcome.reason)
            )
        p = state.to_move()
        if ctx.viewer != p or not ctx.interactive:
            waiting = {
                TURN: _("Waiting for {player} (their turn)."),
                DEFEND: _("Waiting for {player} (defending)."),
                ADVANTAGE: _("Waiting for {player} (an advantage step)."),
            }[state.phase]
            return waiting.format(player=player(p))
        if state.phase == TURN:
            if state.legal_moves()[0].code == "pass":
                return _("You have no cards to play and none to attack with: pass.")
            if state.first_turn:
                return _("Your first turn: select one hand card and put it open, or drag it onto your field.")
            if not state.hands[p]:
                return _("You have no hand cards: click one of your field cards to attack (you must).")
            return _(
                "Your turn: select one hand card to put closed, two to put open, or click one of your field "
                "cards to attack. You can also drag a card onto your field or onto the opponent."
            )
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
        if state.adv_left == 0:
            return _(
                "Advantage (the last): you drew a card if the deck had one. Select a hand card to put open, or skip."
            )
        return _(
            "Advantage (one more follows): you drew a card if the deck had one. Select a hand card to put open, or skip."
        )

    def pick(self, state: State, ctx: ViewContext, token: str) -> PickResult:
        assert isinstance(state, ShtState)
        if token == "clear":
            return PickResult(selection=None)
        if not self._my_turn(state, ctx):
            return PickResult(selection=ctx.selection, message=_("It is not your move."))
        if token in ("field", "enemy"):
            return self.drop(state, ctx, token)
        kind, _sep, rest = token.partition(":")
        if kind in ("dh", "df"):
            return self.drag_start(state, ctx, kind, rest)
        if kind in ("h", "f", "d"):
            try:
                card = int(rest)
            except ValueError:
                return PickResult(selection=ctx.selection, message=_("Unknown card."))
        if kind == "h":
            if state.phase not in (TURN, ADVANTAGE) or card not in state.hands[ctx.viewer]:  # type: ignore[index]
                return PickResult(selection=ctx.selection, message=_("Select one of your hand cards."))
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
                return PickResult(selection=ctx.selection, message=_("You cannot attack with that card now."))
            if ctx.selection == code:
                return PickResult(selection=None, move=code)
            return PickResult(
                selection=code,
                message=_("Attack with {card}? Click it again or press Attack.").format(card=C.symbol(card)),
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
        return PickResult(selection=ctx.selection, message=_("That is not possible now."))

    def drag_start(self, state: ShtState, ctx: ViewContext, kind: str, rest: str) -> PickResult:
        """A drag picks its card up: a hand card joins the selection (``dh``; it is never toggled
        off), a field card becomes the attacker (``df``)."""
        if not rest.isdigit():
            return PickResult(selection=ctx.selection, message=_("Unknown card."))
        card = int(rest)
        if kind == "df":
            return PickResult(selection=f"a:{card}")
        chosen = list(_ids(ctx.selection, "h"))
        if card not in chosen:
            limit = 1 if state.phase == ADVANTAGE or state.first_turn else 2
            chosen = (chosen + [card])[-limit:]
        return PickResult(selection="h:" + ",".join(map(str, chosen)))

    def drop(self, state: ShtState, ctx: ViewContext, zone: str) -> PickResult:
        """A card dropped on the viewer's field (``field``: the selected hand cards, one closed or
        two open; one open on the first turn and in an advantage step) or on the opponent's side
        (``enemy``: the selected field card attacks)."""
        legal = {m.code for m in state.legal_moves()}
        if zone == "enemy":
            code = ctx.selection if ctx.selection and ctx.selection.startswith("a:") else None
        else:
            hand = _ids(ctx.selection, "h")
            if state.phase == ADVANTAGE:
                code = f"p:{hand[0]}" if len(hand) == 1 else None
            elif len(hand) == 1:
                code = f"o:{hand[0]}" if state.first_turn else f"c:{hand[0]}"
            else:
                code = next(
                    (
                        c
                        for c in legal
                        if c.startswith("o:") and sorted(c[2:].split(",")) == sorted(map(str, hand))
                    ),
                    None,
                )
        if code in legal:
            return PickResult(selection=None, move=code)
        return PickResult(selection=ctx.selection, message=_("That is not possible now."))

    def options_labels(self) -> dict[str, str]:
        """The new-game dialog's label of each option, translated."""
        return {name: _(label) for name, label in OPTION_LABELS.items()}

    def option_choice_label(self, name: str, value) -> str:
        """The translated name of one choice of a select option."""
        from webtabletop.games.sht.rules.options import FIRST_PLAYER_WORDS

        if name == "first_player" and value in FIRST_PLAYER_WORDS:
            return _(FIRST_PLAYER_WORDS[value])
        return str(value)

    def options_help(self) -> dict[str, str]:
        return {
            "first_player": _("Who begins: random (decided by the seed), player 1 or player 2."),
            "first_turn_rule": _("The first player's very first turn may only put one card open."),
        }

    def rules_html(self) -> str:
        return rules_html()

    def rules_history_html(self) -> str:
        return history_html()


VIEW = ShtView()
