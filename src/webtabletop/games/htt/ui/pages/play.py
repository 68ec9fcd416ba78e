"""What HTT pages add to playing: the deck builder, rule presets, the deck chooser of the new-game
dialog and the game-over hook.

Decisions:
- The deck is an ordered list (at most one card per level): its order is the hand's order in a
  game, so In order plays it from the first card. The Deck page moves a card up or down with
  buttons (keyboard: Tab to the button, Enter or Space; focus stays on the moved card's button).
- "Your cards" in the new-game dialog: dealt (built-in sets; the default until the player has a
  deck), Own deck (one select per level, preset from the deck) or Random. The chosen cards keep
  the deck's order; cards not in the deck go last, by level. The collection's hand goes to the
  human seat ("You play"; "auto" = Blue unless Red is the only human); the other hand is dealt by
  the rules from the built-in sets (the AI's notional collection), with the same levels.
- Only games against the computer count for the collection (counters, packs, log, the card that
  changes hands); hot-seat games leave it unchanged.
- Cards of player-made sets go into a game as inline codes (``~values matter level``), so saved
  games replay even before the collection is loaded.
- Battle-log dates come from ``ctx.now``; an implausible clock (before 2001) leaves the date empty.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.app.model.extensions import PageContext
from webtabletop.app.widgets.forms import options_fields
from webtabletop.app.widgets.pages import btn, link, options_subtitle
from webtabletop.core import house_rules
from webtabletop.core.protocol import GameError, OptionsError, options_from_dict, options_to_dict
from webtabletop.core.registry import game_module
from webtabletop.core.view import attrs_html, esc
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.rules.cards import Card
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.ui.pages.common import (
    card_face,
    safe_key,
    save,
    spoken_card,
)
from webtabletop.i18n import N_, _, ngettext

DECK_TITLES = {
    "dealt": N_("Dealt from the built-in sets"),
    "own": N_("Own deck (choose below)"),
    "random": N_("Random cards of my collection"),
}
RULE_FIELDS = tuple(f.name for f in attrs.fields(HttOptions) if f.name not in ("hand0", "hand1"))
DECK_MAX = 10


# ------------------------------------------------------------------ deck page
def page_deck(c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    deck = [x for x in c.deck if _known(x)]
    out = [
        "<p>"
        + esc(
            _(
                "Your deck: at most one card per level, in the order you play it. With In order you must play "
                "your hand from its first card on. A 5-card game uses the cards you choose in the new-game dialog, "
                "in this order."
            )
        )
        + "</p>"
    ]
    if deck:
        strength = ngettext(
            "Deck strength {strength} ({n} card).", "Deck strength {strength} ({n} cards).", len(deck)
        ).format(
            strength=Collection.deck_strength(deck), n=len(deck)
        )
        out.append(f'<p class="htt-summary">{esc(strength)}</p>')
        rows = []
        for i, cid in enumerate(deck):
            card = get_card(cid)
            rows.append(
                f'<li class="htt-deck-card" data-card="{esc(cid)}"><span class="htt-deck-pos">{i + 1}.</span> '
                f'{card_face(card, 48)}<span title="{esc(spoken_card(card, c.copies(cid)))}">'
                f'<span class="htt-deck-name">{esc(card_name(card))}</span> '
                f'<small>{esc(_("level {level}").format(level=card.level))}</small></span> '
                + btn(
                    _arrow("↑", _("Move {card} up").format(card=card_name(card))),
                    "deck-up",
                    cid,
                    key=safe_key("up", cid),
                    disabled=i == 0,
                    cls="btn small",
                )
                + btn(
                    _arrow("↓", _("Move {card} down").format(card=card_name(card))),
                    "deck-down",
                    cid,
                    key=safe_key("down", cid),
                    disabled=i == len(deck) - 1,
                    cls="btn small",
                )
                + btn(
                    esc(_("Remove")), "deck-remove", cid, key=safe_key("remove", cid), cls="btn small ghost"
                )
                + "</li>"
            )
        out.append(
            '<ol class="htt-deck-order" aria-label="'
            + str(esc(_("Your deck, in playing order")))
            + '">'
            + str("".join(rows))
            + "</ol>"
        )
    else:
        out.append('<p class="htt-empty">' + str(esc(_("Your deck is empty."))) + "</p>")
    owned = c.owned_cards()
    if owned:
        # the cards themselves, by level: a press puts one in the deck (no text list)
        by_level: dict[int, list[Card]] = {}
        for card in owned:
            by_level.setdefault(card.level, []).append(card)
        in_deck = set(deck)
        groups = []
        for lv in sorted(by_level):
            items = "".join(f"<li>{_put_button(x, c, x.id in in_deck)}</li>" for x in by_level[lv])
            groups.append(f'<h3>{esc(_("Level {level}").format(level=lv))}</h3><ul class="htt-grid htt-deck-pick">{items}</ul>')
        out.append(
            f'<h2>{esc(_("Your cards"))}</h2><p class="note">'
            f'{esc(_("Press a card to put it in the deck: it replaces the deck card of its level, else it goes last."))}</p>'
            + "".join(groups)
        )
    else:
        out.append(
            '<p class="note">' + str(link(esc(_("Open your free pack")), "#/htt/packs", "btn small")) + "</p>"
        )
    return "".join(out)


def _put_button(card: Card, c: Collection, in_deck: bool) -> str:
    """One owned card as a button that puts it in the deck (pressed already when it is there)."""
    words = spoken_card(card, c.copies(card.id))
    said = _("{card}: in the deck").format(card=words) if in_deck else _("Put in the deck: {card}").format(card=words)
    a = attrs_html(
        type="button",
        class_="htt-card htt-put" + (" in-deck" if in_deck else ""),
        data_cmd="deck-put",
        data_arg=card.id,
        data_key=safe_key("put", card.id),
        disabled=in_deck,
        title=words,
    )
    mark = f'<span class="htt-in-deck" aria-hidden="true">{esc(_("in the deck"))}</span>' if in_deck else ""
    return (
        f"<button {a}>{card_face(card)}<span class=\"htt-name\" aria-hidden=\"true\">{esc(card_name(card))}</span>"
        f'{mark}<span class="visually-hidden">{esc(said)}</span></button>'
    )


def _arrow(symbol: str, text: str) -> str:
    """A button label: the arrow for the eye, the sentence for screen readers (and as a tooltip)."""
    return f'<span aria-hidden="true" title="{esc(text)}">{symbol}</span><span class="visually-hidden">{esc(text)}</span>'


def _known(card_id: str) -> bool:
    try:
        get_card(card_id)
    except ValueError:
        return False
    return True


def deck_put(arg: Any, c: Collection, ctx: PageContext) -> None:
    deck_add({"card": str(arg)}, c, ctx)


def _deck_changed(c: Collection, ctx: PageContext) -> None:
    c.deck_source = "own" if c.deck else c.deck_source
    save(ctx, c)


def deck_up(arg: Any, c: Collection, ctx: PageContext) -> None:
    c.move_in_deck(str(arg), -1)
    _deck_changed(c, ctx)


def deck_down(arg: Any, c: Collection, ctx: PageContext) -> None:
    c.move_in_deck(str(arg), +1)
    _deck_changed(c, ctx)


def deck_remove(arg: Any, c: Collection, ctx: PageContext) -> None:
    c.remove_from_deck(str(arg))
    _deck_changed(c, ctx)


#: the deck page's commands: (the button's argument, the collection, the page's context)
DECK_COMMANDS = {"deck-put": deck_put, "deck-up": deck_up, "deck-down": deck_down, "deck-remove": deck_remove}


def deck_add(data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    cid = str(data.get("card", ""))
    try:
        c.put_in_deck(cid, DECK_MAX)
    except ValueError as exc:
        raise GameError(str(exc)) from None
    save(ctx, c)
    ctx.toast(_("{card} is in your deck.").format(card=card_name(get_card(cid))))


# ------------------------------------------------------------------ presets
class _RulesView:
    """The HTT view for the preset form: hands and deck rules are chosen per game, not in presets."""

    hidden_options = ("hand0", "hand1", "own_deck", "random_hands")

    def __init__(self, view) -> None:
        self._view = view

    def __getattr__(self, name: str):
        # labels, help, choice names, seed help: the game view's own
        return getattr(self._view, name)


def page_presets(c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    game = game_module("htt")  # the game's spec and view, from the registry: this package is part of it
    rows = []
    for name in sorted(c.presets):
        try:
            desc = options_subtitle(c.preset_options(name))
        except (OptionsError, ValueError) as exc:
            desc = _("cannot be used: {problem}").format(problem=exc)
        rows.append(
            f'<li data-preset="{esc(name)}"><b>{esc(name)}</b> <small>{esc(desc)}</small> '
            + btn(esc(_("Delete")), "delete-preset", name, key=safe_key("del-preset", name), cls="btn small")
            + "</li>"
        )
    saved = (
        f'<ul class="htt-presets">{"".join(rows)}</ul>'
        if rows
        else ('<p class="htt-empty">' + str(esc(_("No saved presets yet."))) + "</p>")
    )
    fields = options_fields(game.spec, HttOptions(), _RulesView(game.view))
    return (
        "<p>"
        + esc(
            _(
                "A preset keeps table rules under a name; choose it in the new-game dialog. Wins under one preset "
                "count for an achievement."
            )
        )
        + "".join(
            [
                "</p>",
                (
                    "<h2>"
                    + str(esc(_("Saved presets")))
                    + "</h2>"
                    + str(saved)
                    + "<h2>"
                    + str(esc(_("Save a preset")))
                    + "</h2>"
                ),
                "<form data-form='save-preset' class='htt-form' data-key='save-preset'>",
                (
                    "<div class='field'><label for='preset-name'>"
                    + str(esc(_("Name")))
                    + "</label><input id='preset-name' name='preset_name' type='text' maxlength='40' required></div>"
                ),
                (
                    str(fields)
                    + "<div class='actions'><button class='btn primary' type='submit'>"
                    + str(esc(_("Save preset")))
                    + "</button></div></form>"
                ),
            ]
        )
    )


def delete_preset(arg: Any, c: Collection, ctx: PageContext) -> None:
    name = str(arg)
    if name not in c.presets:
        raise GameError(_("there is no preset {name!r}").format(name=name[:40]))
    c.delete_preset(name)
    save(ctx, c)
    ctx.toast(_("Preset “{name}” deleted.").format(name=name))


def save_preset(data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    pname = str(data.get("preset_name", "")).strip()
    data = house_rules.from_form(HttOptions, data)  # the form's "House rules (…)" switches
    rules = {k: v for k, v in data.items() if k in RULE_FIELDS}
    try:
        c.save_preset(pname, options_from_dict(HttOptions, rules))
    except (OptionsError, ValueError) as exc:
        raise GameError(_("Cannot save the preset: {problem}").format(problem=exc)) from None
    save(ctx, c)
    ctx.toast(_("Preset “{name}” saved.").format(name=pname))


def preset_rules(c: Collection, name: str) -> dict[str, Any] | None:
    """A saved preset's table rules (all rule fields), None when it cannot be used."""
    try:
        opts = options_to_dict(c.preset_options(name))
    except (OptionsError, ValueError):
        return None
    return {k: v for k, v in opts.items() if k in RULE_FIELDS and k not in ("own_deck", "random_hands")}
