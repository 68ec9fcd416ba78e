"""The collection, packs, achievements and battle-log pages of HTT (and their actions: opening a
pack, claiming an achievement's reward)."""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.extensions import PageContext
from webtabletop.app.widgets.pages import btn, link
from webtabletop.core.protocol import GameError
from webtabletop.core.view import esc
from webtabletop.games.htt.collection.model import EARN_RULE, GAMES_PER_PACK, PACK_SIZE, Collection
from webtabletop.games.htt.rules.cards import LEVELS
from webtabletop.games.htt.rules.sets.library import all_sets, get_card, get_set
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.ui.pages.common import (
    card_label,
    nav_select,
    old_cards_notice,
    page_hash,
    progress,
    safe_key,
    save,
    set_names,
    valid_deck,
)
from webtabletop.games.htt.ui.render.cards import (
    achievements_html,
    battle_log_html,
    card_grid_html,
    standalone_card_svg,
)
from webtabletop.i18n import N_, _, ngettext

SORTS = {
    "set": N_("set, then level"),
    "level": N_("level"),
    "name": N_("name"),
    "copies": N_("copies (most first)"),
}
SHOWS = {"all": N_("all cards"), "owned": N_("owned"), "missing": N_("missing")}


def owned_text(have: int, total: int) -> str:
    return ngettext(
        "{have} of {total} card owned, {missing} missing",
        "{have} of {total} cards owned, {missing} missing",
        total,
    ).format(have=have, total=total, missing=total - have)


def summary(c: Collection) -> str:
    deck = valid_deck(c)
    strength = (
        ngettext(
            "deck strength {strength} ({n} card)", "deck strength {strength} ({n} cards)", len(deck)
        ).format(strength=Collection.deck_strength(deck), n=len(deck))
        if deck
        else _("no deck saved yet (build one on the Deck page)")
    )
    total, kinds, packs = c.total_cards(), len(c.owned), c.packs_available
    cards = ngettext(
        "<b>{n}</b> card ({kinds} different)", "<b>{n}</b> cards ({kinds} different)", total
    ).format(n=total, kinds=kinds)
    to_open = ngettext("<b>{n}</b> pack to open", "<b>{n}</b> packs to open", packs).format(n=packs)
    return f'<p class="htt-summary">{cards} · {to_open} · {esc(strength)}</p>'


def page_collection(c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    sets = all_sets()
    first = next((s.id for s in sets if c.set_progress(s.id)[0]), sets[0].id)
    sid = query.get("set", first)  # one set at a time by default: all sets make a long page
    if sid != "all" and sid not in {s.id for s in sets}:
        sid = first
    lv = query.get("level", "all")
    level = int(lv) if lv.isdigit() and len(lv) <= 2 and int(lv) in LEVELS else None
    sort = query.get("sort", "set") if query.get("sort") in SORTS else "set"
    show = query.get("show", "all") if query.get("show") in SHOWS else "all"
    state = {"set": sid, "level": str(level or "all"), "sort": sort, "show": show}

    def make(key):
        return lambda v: page_hash("collection", **{**state, key: v})

    filters = (
        '<div class="htt-filters">'
        + nav_select(
            _("Set"), "set", sid, [("all", _("all sets"))] + [(s.id, _(s.name)) for s in sets], make("set")
        )
        + nav_select(
            _("Level"),
            "level",
            str(level or "all"),
            [("all", _("all levels"))] + [(str(x), _("level {n}").format(n=x)) for x in LEVELS],
            make("level"),
        )
        + nav_select(_("Show"), "show", show, [(k, _(v)) for k, v in SHOWS.items()], make("show"))
        + nav_select(_("Sort by"), "sort", sort, [(k, _(v)) for k, v in SORTS.items()], make("sort"))
        + "</div>"
    )
    chosen = [s for s in sets if sid in ("all", s.id)]
    out = [summary(c), old_cards_notice([x for s in chosen for x in s.old_level3]), filters]
    names = set_names()
    if sort == "set":
        for s in chosen:
            have, total = c.set_progress(s.id)
            out.append(
                f'<section class="htt-set" data-set="{esc(s.id)}"><h2>{esc(_(s.name))}</h2>'
                f'<p class="htt-set-summary">{esc(_(s.theme))} · {esc(owned_text(have, total))} '
                f"{progress(have, total, _(s.name))}</p>"
                f"{card_grid_html(list(s.cards), c.owned, names, show, level, 96, 'level')}</section>"
            )
    else:
        cards = [card for s in chosen for card in s.cards]
        out.append(card_grid_html(cards, c.owned, names, show, level, 96, sort))
    return "".join(out)


def page_packs(c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    out = [
        '<p class="htt-rule">'
        + esc(_(EARN_RULE))
        + " "
        + esc(_("A game that ends before the last card earns no pack and counts for no achievement."))
        + " "
        + esc(
            ngettext(
                "Your first pack is free. A pack holds {n} card of the set you choose, levels 1 to 10 "
                "(low levels are common).",
                "Your first pack is free. A pack holds {n} cards of the set you choose, levels 1 to 10 "
                "(low levels are common).",
                PACK_SIZE,
            ).format(n=PACK_SIZE)
        )
        + "</p>",
        '<p class="htt-summary">'
        + ngettext(
            "Packs to open: {packs} · next pack for playing: {done} of {games} game · packs opened: {opened}",
            "Packs to open: {packs} · next pack for playing: {done} of {games} games · packs opened: {opened}",
            GAMES_PER_PACK,
        ).format(
            packs=f'<b data-packs="{c.packs_available}">{c.packs_available}</b>',
            done=c.earn_progress,
            games=GAMES_PER_PACK,
            opened=c.packs_opened,
        )
        + "</p>",
    ]
    opened = []
    for cid in query.get("opened", "").split(",")[:PACK_SIZE]:
        try:
            opened.append(get_card(cid))
        except ValueError:
            continue
    if opened:
        # revealed one by one (app.css .htt-reveal: a turn of each card in order; at once under
        # prefers-reduced-motion or with Animations off)
        cards = "".join(
            f'<li class="htt-card owned htt-reveal" style="--i:{i}" tabindex="0" aria-label="{esc(card_label(x))}" title="{esc(card_label(x))}" data-card="{esc(x.id)}">'
            f'{standalone_card_svg(x, 96, None, card_label(x))}<span class="htt-name">{esc(card_name(x))}</span>'
            f'<span class="htt-copies">L{x.level} · ×{c.copies(x.id)}</span></li>'
            for i, x in enumerate(opened)
        )
        out.append(
            '<section class="htt-opened" aria-live="polite"><h2>'
            + str(esc(_("Your new cards")))
            + '</h2><ul class="htt-grid">'
            + str(cards)
            + "</ul></section>"
        )
    rows = []
    for s in all_sets():
        have, total = c.set_progress(s.id)
        rows.append(
            "".join(
                [
                    f'<li class="htt-pack" data-set="{esc(s.id)}"><div><b>{esc(_(s.name))}</b> <small>{esc(_(s.theme))}</small><br>',
                    (
                        str(progress(have, total, _(s.name)))
                        + " <small>"
                        + str(esc(_("{have} of {total} owned").format(have=have, total=total)))
                        + "</small></div>"
                    ),
                ]
            )
            + btn(
                esc(_("Open a pack of {set}").format(set=_(s.name))),
                "open-pack",
                s.id,
                key=safe_key("open", s.id),
                disabled=c.packs_available <= 0,
                cls="btn primary" if c.packs_available > 0 else "btn",
            )
            + "</li>"
        )
    out.append(
        "<h2>" + str(esc(_("Choose a set"))) + '</h2><ul class="htt-packs">' + str("".join(rows)) + "</ul>"
    )
    if c.packs_available <= 0:
        out.append(
            '<p class="note">'
            + str(esc(_("No pack to open now.")))
            + " "
            + str(link(esc(_("Play a game")), "#/htt/new", "btn small"))
            + "</p>"
        )
    return "".join(out)


def page_achievements(c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    out = [
        (
            "<p>"
            + str(esc(_("Each achievement gives a random level-11 card from a set you choose.")))
            + "</p>"
        ),
        '<p class="htt-summary">'
        + esc(
            _(
                "Games played {played} · won {won} · lost {lost} · drawn {drawn} · 10–0 wins {perfect} · "
                "packs opened {packs} · sets created {sets}"
            ).format(
                played=c.games_played,
                won=c.games_won,
                lost=c.games_lost,
                drawn=c.games_drawn,
                perfect=c.perfect_wins,
                packs=c.packs_opened,
                sets=c.sets_created,
            )
        )
        + "</p>",
    ]
    titles = {a.id: a.title for a, _p, _r in c.achievements()}
    if c.rewards_pending:
        sets = "".join(f'<option value="{esc(s.id)}">{esc(_(s.name))}</option>' for s in all_sets())
        forms = []
        for i, aid in enumerate(c.rewards_pending):
            forms.append(
                "".join(
                    [
                        f'<li><form data-form="claim" class="htt-claim" data-key="claim-{i}"><input type="hidden" name="achievement" value="{esc(aid)}">',
                        (
                            "<b>"
                            + str(esc(titles.get(aid, aid)))
                            + "</b> <label>"
                            + str(esc(_("Level-11 card from")))
                            + ' <select name="set">'
                            + str(sets)
                            + "</select></label> "
                        ),
                        (
                            '<button class="btn primary" type="submit">'
                            + str(esc(_("Claim")))
                            + "</button></form></li>"
                        ),
                    ]
                )
            )
        out.append(
            "<h2>"
            + str(esc(_("Rewards waiting")))
            + '</h2><ul class="htt-rewards">'
            + str("".join(forms))
            + "</ul>"
        )
    out.append(("<h2>" + str(esc(_("All achievements"))) + "</h2>") + achievements_html(c))
    return "".join(out)


def page_log(c: Collection, query: dict[str, str], ctx: PageContext) -> str:
    return (
        '<p class="htt-summary">'
        + esc(
            _(
                "Games against the computer: {played} (won {won}, lost {lost}, drawn {drawn}). "
                "Hot-seat games are not recorded."
            ).format(played=c.games_played, won=c.games_won, lost=c.games_lost, drawn=c.games_drawn)
        )
        + "</p>"
        + battle_log_html(c.log, limit=100)
    )


def open_pack(arg: Any, c: Collection, ctx: PageContext) -> None:
    try:
        get_set(str(arg))
        cards = c.open_pack(str(arg), ctx.entropy())
    except KeyError:
        raise GameError(_("There is no card set {set}.").format(set=repr(str(arg)[:40]))) from None
    except ValueError as exc:
        raise GameError(str(exc)) from None
    save(ctx, c)
    # the new cards are shown on the packs page itself (an aria-live section), not in a toast
    # that would stay on over the next pages
    ctx.go(page_hash("packs", opened=",".join(cards)))


def claim(data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
    aid, sid = str(data.get("achievement", "")), str(data.get("set", ""))
    try:
        get_set(sid)
        cid = c.claim_reward(aid, sid, ctx.entropy())
    except KeyError:
        raise GameError(_("There is no card set {set}.").format(set=repr(sid[:40]))) from None
    except ValueError as exc:
        raise GameError(str(exc)) from None
    save(ctx, c)
    card = get_card(cid)
    ctx.toast(
        _("Reward: {card} (level {level}, {set}).").format(
            card=card_name(card), level=card.level, set=set_names()[card.set_id]
        )
    )
