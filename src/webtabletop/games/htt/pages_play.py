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

from webtabletop.app.extensions import PageContext
from webtabletop.app.forms import options_fields
from webtabletop.app.pages import btn, link
from webtabletop.core.protocol import GameError, OptionsError, options_from_dict, options_to_dict
from webtabletop.core.view import esc
from webtabletop.games.htt.cards import LEVELS, Card, inline_code
from webtabletop.games.htt.collection import Collection
from webtabletop.games.htt.library import BUILTIN_IDS, get_card
from webtabletop.games.htt.options import HttOptions
from webtabletop.games.htt.pages_common import (
    card_label,
    date_text,
    load,
    page_hash,
    safe_key,
    save,
    valid_deck,
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
        strength = _("Deck strength {strength} ({n} cards).").format(
            strength=Collection.deck_strength(deck), n=len(deck)
        )
        out.append(f'<p class="htt-summary">{esc(strength)}</p>')
        rows = []
        for i, cid in enumerate(deck):
            card = get_card(cid)
            label = card_label(card, c.copies(cid))
            rows.append(
                f'<li class="htt-deck-card" data-card="{esc(cid)}"><span class="htt-deck-pos">{i + 1}.</span> '
                f"<span>{esc(label)}</span> "
                + btn(
                    _arrow("↑", _("Move {card} up").format(card=card.name)),
                    "deck-up",
                    cid,
                    key=safe_key("up", cid),
                    disabled=i == 0,
                    cls="btn small",
                )
                + btn(
                    _arrow("↓", _("Move {card} down").format(card=card.name)),
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
        by_level: dict[int, list[Card]] = {}
        for card in owned:
            by_level.setdefault(card.level, []).append(card)
        groups = "".join(
            ('<optgroup label="' + str(esc(_("Level {level}").format(level=lv))) + '">')
            + "".join(
                f'<option value="{esc(x.id)}">{esc(card_label(x, c.copies(x.id)))}</option>'
                for x in by_level[lv]
            )
            + "</optgroup>"
            for lv in sorted(by_level)
        )
        out.append(
            "".join(
                [
                    "<form data-form='deck-add' class='htt-form' data-key='deck-add'>",
                    (
                        "<div class='field'><label for='deck-card'>"
                        + str(esc(_("Card")))
                        + "</label><select id='deck-card' name='card'>"
                        + str(groups)
                        + "</select>"
                    ),
                    (
                        "<small>"
                        + str(esc(_("A card replaces the deck card of its level, else it goes last.")))
                        + "</small></div>"
                    ),
                    (
                        "<div class='actions'><button class='btn primary' type='submit'>"
                        + str(esc(_("Put in the deck")))
                        + "</button></div></form>"
                    ),
                ]
            )
        )
    else:
        out.append(
            '<p class="note">' + str(link(esc(_("Open your free pack")), "#/htt/packs", "btn small")) + "</p>"
        )
    return "".join(out)


def _arrow(symbol: str, text: str) -> str:
    """A button label: the arrow for the eye, the sentence for screen readers (and as a tooltip)."""
    return f'<span aria-hidden="true" title="{esc(text)}">{symbol}</span><span class="visually-hidden">{esc(text)}</span>'


def _known(card_id: str) -> bool:
    try:
        get_card(card_id)
    except ValueError:
        return False
    return True


def deck_cmd(name: str, arg: Any, c: Collection, ctx: PageContext) -> bool:
    cid = str(arg)
    if name == "deck-up":
        c.move_in_deck(cid, -1)
    elif name == "deck-down":
        c.move_in_deck(cid, +1)
    elif name == "deck-remove":
        c.remove_from_deck(cid)
    else:
        return False
    c.deck_source = "own" if c.deck else c.deck_source
    save(ctx, c)
    return True


def deck_add(data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    cid = str(data.get("card", ""))
    try:
        c.put_in_deck(cid, DECK_MAX)
    except ValueError as exc:
        raise GameError(str(exc)) from None
    save(ctx, c)
    ctx.toast(_("{card} is in your deck.").format(card=get_card(cid).name))


# ------------------------------------------------------------------ presets
class _RulesView:
    """The HTT view for the preset form: hands and deck rules are chosen per game, not in presets."""

    hidden_options = ("hand0", "hand1", "own_deck", "random_hands")

    def __init__(self, view) -> None:
        self._view = view

    def options_help(self) -> dict[str, str]:
        return self._view.options_help()


def page_presets(c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    from webtabletop.games.htt import SPEC, VIEW

    rows = []
    for name in sorted(c.presets):
        try:
            desc = c.preset_options(name).describe()
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
    fields = options_fields(SPEC, HttOptions(), _RulesView(VIEW))
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


# ------------------------------------------------------------------ new game
def new_game_fields(ctx: PageContext) -> str:
    c = load(ctx)
    deck = valid_deck(c)
    source = c.deck_source or ("own" if deck else "dealt")
    if source != "dealt" and not c.owned:
        source = "dealt"
    opts = "".join(
        f'<option value="{k}"{" selected" if k == source else ""}>{esc(_(t))}</option>'
        for k, t in DECK_TITLES.items()
    )
    presets = "".join(f'<option value="{esc(n)}">{esc(n)}</option>' for n in sorted(c.presets))
    by_level: dict[int, list[Card]] = {}
    for card in c.owned_cards():
        by_level.setdefault(card.level, []).append(card)
    chosen = {get_card(x).level: x for x in deck}
    rows = []
    for lv in LEVELS:
        cards = by_level.get(lv, [])
        if not cards:
            continue
        o = "".join(
            f'<option value="{esc(x.id)}"{" selected" if chosen.get(lv) == x.id else ""}>{esc(card_label(x, c.copies(x.id)))}</option>'
            for x in cards
        )
        rows.append(
            '<div class="field"><label for="deck-'
            + str(lv)
            + '">'
            + str(esc(_("Level {level}").format(level=lv)))
            + '</label><select id="deck-'
            + str(lv)
            + '" name="deck_'
            + str(lv)
            + '"><option value="">—</option>'
            + str(o)
            + "</select></div>"
        )
    strength = (
        _("Deck strength of your saved deck: {strength}.").format(
            strength=f"<b>{Collection.deck_strength(deck)}</b>"
        )
        if deck
        else esc(_("No deck saved yet."))
    )
    order = (
        esc(_("Playing order: {cards}.").format(cards=", ".join(get_card(x).name for x in deck)))
        + " "
        + link(esc(_("Change the order")), page_hash("deck"), "")
        if deck
        else ""
    )
    deck_html = (
        (
            '<fieldset class="htt-deck"><legend>'
            + str(esc(_("Own deck: one card per level")))
            + '</legend><p class="note">'
            + str(strength)
            + " "
        )
        + esc(_("Choose 5 cards (10 on the 19-cell board); the strength is the sum of their levels."))
        + "</p>"
        f'<p class="note htt-deck-order-note">{order}</p>'
        f"{''.join(rows)}</fieldset>"
        if rows
        else '<p class="note">'
        + _(
            "You have no cards yet: open your free pack on the {packs} page to play with your own cards."
        ).format(packs=link(esc(_("Packs")), "#/htt/packs", ""))
        + "</p>"
    )
    return (
        "".join(
            [
                '<div class="htt-newgame">',
                (
                    '<div class="field"><label for="htt-deck-source">'
                    + str(esc(_("Your cards")))
                    + '</label><select id="htt-deck-source" name="deck_source">'
                    + str(opts)
                    + "</select>"
                ),
            ]
        )
        + "<small>"
        + esc(
            _(
                "Dealt: cards from the built-in sets (no card changes hands). Own deck / Random: cards of your "
                "collection — after a win or loss against the computer one card changes hands (unless Friendly)."
            )
        )
        + "".join(
            [
                "</small></div>",
                (
                    '<div class="field"><label for="htt-seat">'
                    + str(esc(_("You play")))
                    + '</label><select id="htt-seat" name="deck_seat"><option value="auto">'
                    + str(esc(_("the human player")))
                    + "</option>"
                ),
                (
                    '<option value="0">'
                    + str(esc(_("Blue (first player)")))
                    + '</option><option value="1">'
                    + str(esc(_("Red (second player)")))
                    + "</option></select>"
                ),
            ]
        )
        + "<small>"
        + esc(
            _(
                "Which hand gets your cards (Blue when both players are human); the other hand is dealt from the "
                "built-in sets with the same levels."
            )
        )
        + "".join(
            [
                "</small></div>",
                (
                    '<div class="field"><label for="htt-preset">'
                    + str(esc(_("Saved preset")))
                    + '</label><select id="htt-preset" name="htt_preset"><option value="">'
                    + str(esc(_("none")))
                    + "</option>"
                    + str(presets)
                    + "</select>"
                ),
            ]
        )
        + "<small>"
        + _("Your own rule presets ({manage}); a preset replaces the rule fields above.").format(
            manage=link(esc(_("manage")), "#/htt/presets", "")
        )
        + "".join(
            [
                "</small></div>",
                (
                    '<div class="field"><label for="htt-save-preset">'
                    + str(esc(_("Save rules as")))
                    + '</label><input id="htt-save-preset" name="save_preset" type="text" maxlength="40" placeholder="'
                    + str(esc(_("preset name (optional)")))
                    + '"></div>'
                ),
                f"{deck_html}</div>",
            ]
        )
    )


def prepare_new_game(data: dict[str, Any], ctx: PageContext) -> dict[str, Any]:
    data = dict(data)
    source = str(data.pop("deck_source", "dealt") or "dealt")
    seat_choice = str(data.pop("deck_seat", "auto") or "auto")
    preset = str(data.pop("htt_preset", "") or "")
    save_as = str(data.pop("save_preset", "") or "").strip()
    picked = [str(data.pop(f"deck_{lv}", "") or "") for lv in LEVELS]
    picked = [x for x in picked if x]
    if source not in DECK_TITLES:
        raise GameError(_("Unknown choice of cards {choice}.").format(choice=repr(source[:40])))
    c = load(ctx)
    picked = [x for x in c.deck if x in picked] + [x for x in picked if x not in c.deck]
    if preset:
        if preset not in c.presets:
            raise GameError(_("there is no saved preset {name!r}").format(name=preset[:40]))
        for k in RULE_FIELDS:
            data.pop(k, None)
        data.update({k: v for k, v in c.presets[preset].items() if k in RULE_FIELDS})
    for k in ("own_deck", "random_hands", "hand0", "hand1"):
        data.pop(k, None)
    try:
        rules = options_from_dict(HttOptions, {k: v for k, v in data.items() if k in RULE_FIELDS and v != ""})
    except OptionsError:
        return data  # the app reports the bad field; nothing is saved from a form that fails
    size, lo, hi = rules.hand_size, rules.min_level, rules.max_level
    if source == "own":
        problems = c.check_deck(picked, size, lo, hi)
        if problems:
            raise GameError(_("Own deck: {problems}").format(problems=_("; ").join(problems)))
    # the form passed its checks: now remember the deck choice and the new preset
    changed = False
    if c.deck_source != source or (source == "own" and picked != c.deck):
        c.deck_source = source
        if source == "own":
            c.deck = picked
        changed = True
    if save_as:
        try:
            c.save_preset(save_as, rules)
        except ValueError as exc:
            raise GameError(str(exc)) from None
        changed = True
    if changed:
        save(ctx, c)
    if source == "dealt":
        return data
    if source == "own":
        hand = picked
        data["own_deck"] = "true"
    else:
        try:
            hand = list(c.random_hand(ctx.entropy(), size, lo, hi))
        except ValueError as exc:
            raise GameError(_("{problem}. Open packs, or choose dealt cards.").format(problem=exc)) from None
        data["random_hands"] = "true"
    seat = _seat(data, seat_choice)
    data[f"hand{seat}"] = [x if get_card(x).set_id in BUILTIN_IDS else inline_code(get_card(x)) for x in hand]
    return data


def _seat(data: dict[str, Any], choice: str) -> int:
    if choice in ("0", "1"):
        return int(choice)
    kinds = (data.get("player0"), data.get("player1"))  # present if the app passes them
    return 1 if kinds == ("ai", "human") else 0


# ------------------------------------------------------------------ game over
def game_over(record, outcome, players, ctx: PageContext) -> None:
    humans = [p for p in (0, 1) if not players.is_ai(p)]
    if len(humans) != 1:
        return  # only games against the computer count
    me = humans[0]
    state = record.final_state()
    c = load(ctx)
    opts = state.options
    rules = {
        k: v
        for k, v in options_to_dict(opts).items()
        if k in RULE_FIELDS and k not in ("own_deck", "random_hands")
    }
    preset = next((n for n in sorted(c.presets) if preset_rules(c, n) == rules), None)
    stakes = not state.dealt[me]
    taken = state.taken_card
    inline = stakes and taken is not None and taken.id.startswith("~")
    before = (dict(c.owned), c.packs_available, len(c.achieved))
    opponent = f"Computer ({players.level})"
    c.record_game(state, me, opponent, date_text(ctx.now), preset, stakes and not inline)
    if inline and outcome.winner == 1 - me and not opts.friendly:
        mine = next((x for x in c.owned_cards() if inline_code(x) == taken.id), None)
        if mine is not None and c.remove_card(mine.id):
            c.ai_won[mine.id] = c.ai_won.get(mine.id, 0) + 1
    save(ctx, c)
    a, b = int(outcome.scores[me]), int(outcome.scores[1 - me])
    gained = [x for x in c.owned if c.owned[x] > before[0].get(x, 0)]
    lost = [x for x in before[0] if c.owned.get(x, 0) < before[0][x]]
    score = f"{a}–{b}"
    if outcome.winner is None:
        text = _("Draw {score}.").format(score=score)
    elif outcome.winner == me:
        text = (
            _("You won {score} and took {card}.").format(score=score, card=get_card(gained[0]).name)
            if gained
            else _("You won {score}.").format(score=score)
        )
    else:
        text = (
            _("You lost {score}; the computer took your {card}.").format(
                score=score, card=get_card(lost[0]).name
            )
            if lost
            else _("You lost {score}.").format(score=score)
        )
    parts = [text]
    packs = c.packs_available - before[1]
    if packs:
        parts.append(ngettext("{n} new pack earned!", "{n} new packs earned!", packs).format(n=packs))
    titles = {a.id: a.title for a, _p, _r in c.achievements()}
    for aid in c.achieved[before[2] :]:
        parts.append(
            _("Achievement unlocked: {title} (claim a level-11 card on the Achievements page).").format(
                title=titles.get(aid, aid)
            )
        )
    ctx.toast(" ".join(parts))
