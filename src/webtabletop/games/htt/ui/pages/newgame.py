"""HTT's part of the new-game dialog ("Your cards": dealt / Own deck / Random, the human's seat,
saved presets) and what the end of a game against the computer does to the collection.

Invariant: ``prepare_new_game`` stores nothing (deck choice, preset) unless the form passes its
checks; a bad field leaves the collection as it was.
"""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.extensions import PageContext
from webtabletop.app.widgets.pages import link
from webtabletop.core.ending import ending_of
from webtabletop.core.protocol import GameError, OptionsError, options_from_dict, options_to_dict
from webtabletop.core.view import esc
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.rules.cards import LEVELS, Card, inline_code
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import BUILTIN_IDS, get_card
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.rules.turning import EMPTY
from webtabletop.games.htt.ui.pages.common import (
    card_radios,
    date_text,
    load,
    page_hash,
    save,
    valid_deck,
)
from webtabletop.games.htt.ui.pages.play import DECK_TITLES, RULE_FIELDS, preset_rules
from webtabletop.i18n import _, ngettext, pgettext
from webtabletop.i18n.text import join_clauses, join_list, join_sentences


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
    rows = deck_rows(c, deck)
    strength = (
        _("Deck strength of your saved deck: {strength}.").format(
            strength=f"<b>{Collection.deck_strength(deck)}</b>"
        )
        if deck
        else esc(_("No deck saved yet."))
    )
    order = (
        esc(_("Playing order: {cards}.").format(cards=join_list(card_name(get_card(x)) for x in deck)))
        + " "
        + link(esc(_("Change the order")), page_hash("deck"), "")
        if deck
        else ""
    )
    if rows:
        deck_html = (
            f'<fieldset class="htt-deck"><legend>{esc(_("Own deck: one card per level"))}</legend>'
            f'<p class="note">{strength} '
            f"{esc(_('Choose 5 cards (10 on the 19-cell board); the strength is the sum of their levels.'))}</p>"
            f'<p class="note htt-deck-order-note">{order}</p>{"".join(rows)}</fieldset>'
        )
    else:
        packs = link(esc(_("Packs")), "#/htt/packs", "")
        deck_html = (
            '<p class="note">'
            + _(
                "You have no cards yet: open your free pack on the {packs} page to play with your own cards."
            ).format(packs=packs)
            + "</p>"
        )
    seats = (
        f'<option value="auto">{esc(_("the human player"))}</option>'
        f'<option value="0">{esc(_("Blue (first player)"))}</option>'
        f'<option value="1">{esc(_("Red (second player)"))}</option>'
    )
    manage = link(esc(_("manage")), "#/htt/presets", "")
    return (
        '<div class="htt-newgame">'
        + field_row(
            "htt-deck-source",
            esc(_("Your cards")),
            f'<select id="htt-deck-source" name="deck_source">{opts}</select>',
            esc(
                _(
                    "Dealt: cards from the built-in sets (no card changes hands). Own deck / Random: cards of "
                    "your collection — after a win or loss against the computer one card changes hands "
                    "(unless Friendly)."
                )
            ),
        )
        + field_row(
            "htt-seat",
            esc(_("You play")),
            f'<select id="htt-seat" name="deck_seat">{seats}</select>',
            esc(
                _(
                    "Which hand gets your cards (Blue when both players are human); the other hand is dealt "
                    "from the built-in sets with the same levels."
                )
            ),
            cls="local-only",  # by link the side is chosen below, and the friend brings its own hand
        )
        + field_row(
            "htt-preset",
            esc(_("Saved preset")),
            f'<select id="htt-preset" name="htt_preset"><option value="">{esc(_("none"))}</option>{presets}</select>',
            _("Your own rule presets ({manage}); a preset replaces the rule fields above.").format(
                manage=manage
            ),
        )
        + field_row(
            "htt-save-preset",
            esc(_("Save rules as")),
            '<input id="htt-save-preset" name="save_preset" type="text" maxlength="40" '
            f'placeholder="{esc(_("preset name (optional)"))}">',
        )
        + f"{deck_html}</div>"
    )


def deck_rows(
    c: Collection, deck: list[str] | tuple[str, ...], lo: int = LEVELS[0], hi: int = LEVELS[-1]
) -> list[str]:
    """One choice per level ``lo..hi`` the player owns cards of (fields ``deck_<level>``), shown
    as the cards themselves, with the card of ``deck`` of that level chosen."""
    by_level: dict[int, list[Card]] = {}
    for card in c.owned_cards():
        by_level.setdefault(card.level, []).append(card)
    chosen = {get_card(x).level: x for x in deck}
    rows = []
    for lv in LEVELS:
        cards = by_level.get(lv, [])
        if not cards or not lo <= lv <= hi:
            continue
        rows.append(
            f'<fieldset class="htt-deck-level" id="deck-{lv}"><legend>{esc(_("Level {level}").format(level=lv))}</legend>'
            f"{card_radios(f'deck_{lv}', cards, chosen.get(lv), c.copies, pgettext('card', 'none'))}</fieldset>"
        )
    return rows


def picked_cards(data: dict[str, Any], c: Collection) -> list[str]:
    """The cards chosen in the ``deck_<level>`` fields (removed from ``data``), in the saved
    deck's order first (a hand keeps the order its player arranged)."""
    picked = [str(data.pop(f"deck_{lv}", "") or "") for lv in LEVELS]
    picked = [x for x in picked if x]
    return [x for x in c.deck if x in picked] + [x for x in picked if x not in c.deck]


def portable(hand) -> list[str]:
    """Card references another browser can read: built-in ids, other cards as inline codes."""
    return [x if get_card(x).set_id in BUILTIN_IDS else inline_code(get_card(x)) for x in hand]


def field_row(fid: str, label_html: str, control: str, help_html: str = "", cls: str = "") -> str:
    """One labelled row of the form (label, control, optional help below); ``cls``: more classes
    (``local-only``: hidden when the dialog plays a friend by link)."""
    small = f"<small>{help_html}</small>" if help_html else ""
    return f'<div class="field{" " + cls if cls else ""}"><label for="{fid}">{label_html}</label>{control}{small}</div>'


def prepare_new_game(data: dict[str, Any], ctx: PageContext) -> dict[str, Any]:
    data = dict(data)
    by_link = data.pop("mode", "local") == "link"
    source = str(data.pop("deck_source", "dealt") or "dealt")
    seat_choice = str(data.pop("deck_seat", "auto") or "auto")
    preset = str(data.pop("htt_preset", "") or "")
    save_as = str(data.pop("save_preset", "") or "").strip()
    if source not in DECK_TITLES:
        raise GameError(_("Unknown choice of cards {choice}.").format(choice=repr(source[:40])))
    c = load(ctx)
    picked = picked_cards(data, c)
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
            raise GameError(_("Own deck: {problems}").format(problems=join_clauses(problems)))
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
    elif by_link:  # drawn from both players' randomness once the match starts (pages_match.take_hand)
        data["random_hands"] = "true"
        return data
    else:
        try:
            hand = list(c.random_hand(ctx.entropy(), size, lo, hi))
        except ValueError as exc:
            raise GameError(_("{problem}. Open packs, or choose dealt cards.").format(problem=exc)) from None
        data["random_hands"] = "true"
    seat = _seat(data, seat_choice)
    data[f"hand{seat}"] = portable(hand)
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
    if ending_of(state) is not None and outcome.winner != me:
        text = (
            _("You resigned; the computer took your {card}.").format(card=card_name(get_card(lost[0])))
            if lost
            else _("You resigned.")
        )
    elif outcome.winner is None:
        text = _("Draw {score}.").format(score=score)
    elif outcome.winner == me:
        text = (
            _("You won {score} and took {card}.").format(score=score, card=card_name(get_card(gained[0])))
            if gained
            else _("You won {score}.").format(score=score)
        )
    else:
        text = (
            _("You lost {score}; the computer took your {card}.").format(
                score=score, card=card_name(get_card(lost[0]))
            )
            if lost
            else _("You lost {score}.").format(score=score)
        )
    parts = [text]
    if EMPTY in state.owners:  # an agreed draw or a resignation before the last card
        parts.append(_("A game that ends before the last card earns no pack and counts for no achievement."))
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
    ctx.toast(join_sentences(parts))
