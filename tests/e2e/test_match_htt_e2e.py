"""Play a friend by link at HTT, in real browsers, the way of test_match_cards_e2e.py (whose helpers
it uses), with hands chosen by their owners (docs/fair-play.md, "Hands chosen by their owners"):
neither page shows a card of the other's hand until it is placed, nor names it; a spectator sees the board's
cards only; the game ends with the secrets' link and the verdict (about 12 links, the default
table: each browser draws its own hand with its secret). A move is a hand card, then a free cell.
"""

from __future__ import annotations

import functools
import re
import tempfile
import time
from pathlib import Path

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act, idle
from tests.e2e.test_match_cards_e2e import VERIFIED, begin, contexts, shown_in
from tests.e2e.test_match_e2e import MATCH, relay, same_result, turn
from webtabletop.games.htt.rules.sets.library import get_card, get_set
from webtabletop.games.htt.rules.sets.names import card_name


def htt_pieces(page) -> list[str]:
    """The ``data-piece`` keys of both SVG variants (the page's CSS shows one): a hand card is
    ``<variant><b|r><slot>`` with ``:<card id>`` only when the viewer may see it; a board card is
    ``<card id>@<cell>``."""
    return page.eval_on_selector_all(
        "#app svg.htt-board [data-piece]", "els => els.map(e => e.dataset.piece)"
    )


def htt_hand(page, side: int) -> set[str]:
    """The ids of ``side``'s hand cards that ``page`` draws face up."""
    letter = "br"[side]
    return {p.split(":", 1)[1] for p in htt_pieces(page) if p[1:2] == letter and ":" in p and "@" not in p}


def htt_board(page) -> set[str]:
    return {p.rsplit("@", 1)[0][1:] for p in htt_pieces(page) if "@" in p}


def htt_names(page, ids: set[str]) -> list[str]:
    """The ways ``page``'s HTML names cards of ``ids``: the id in a piece key, the card's name."""
    return names_in(page.content(), ids)


def names_in(html: str, ids: set[str]) -> list[str]:
    keys = [t for ref in ids for t in (f':{ref}"', f"{ref}@") if t in html]
    # a name counts as a whole phrase: "Wild Hunt" is not named by "Wild Huntress", and "Phoenix"
    # is not named by "Phoenix Fledgling" (another card of its set, which a page may show as its own)
    named = []
    for ref in ids:
        name, text = card_name(get_card(ref)), html
        for longer in sorted((n for n in set_names(ref) if name in n and n != name), key=len, reverse=True):
            text = text.replace(longer, " ")
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text):
            named.append(name)
    return keys + named


@functools.cache
def set_names(ref: str) -> frozenset[str]:
    """The names of every card of ``ref``'s set (a built-in id is ``<set>-<level><letter>``)."""
    return frozenset(card_name(card) for card in get_set(ref.rsplit("-", 1)[0]).cards)


def htt_names_hidden(page, ids: set[str]) -> list[str]:
    """How ``page`` names cards of ``ids`` that it may not show (ids it shows itself, in its own
    hand or on the board, are the same built-in card held twice, and are left out). When it names
    any, the page's HTML is saved for the failure's reader and its path is the last entry."""
    shown = htt_hand(page, 0) | htt_hand(page, 1) | htt_board(page)
    html = page.content()
    leaked = names_in(html, ids - shown)
    if leaked:
        dump = Path(tempfile.mkdtemp(prefix="wtt-htt-names-")) / "page.html"
        dump.write_text(html)  # the very HTML that was searched
        leaked.append(f"(the page is saved in {dump})")
    return leaked


def test_a_card_name_inside_a_longer_name_of_its_set_is_not_named():
    """The leak search's own check (it once cried wolf: B held "Phoenix", and A's own hand can
    show "Phoenix Fledgling"): a whole name is found, a name inside a longer card name is not."""
    assert names_in("<b>Phoenix Fledgling</b>", {"emb-10b"}) == []
    assert names_in("<b>Phoenix Fledgling</b> <i>Phoenix</i>", {"emb-10b"}) == ["Phoenix"]
    assert names_in('<g data-piece="wr1:emb-10b">', {"emb-10b"}) == [':emb-10b"']


def test_two_browsers_play_htt_by_links_to_the_end(browser, site):
    t0 = time.perf_counter()
    ctx_a, ctx_b, ctx_c = contexts(browser)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    svg = {id(a): "svg.htt-wide", id(b): "svg.htt-tall"}  # what each screen shows
    sent = begin(a, b, site, "htt")  # the default table; each browser draws its own hand with its secret

    def check(hands: dict[int, set[str]]) -> None:
        for page, side in ((a, 0), (b, 1)):
            own, other = htt_hand(page, side), htt_hand(page, 1 - side)
            assert not other, f"the other hand is shown: {other}"
            # the search finds how a page names its own cards (its piece key and its name)
            assert {t for r in own for t in (f':{r}"', card_name(get_card(r)))} <= set(htt_names(page, own))
            hands[side] = hands.get(side, set()) | own  # every card this hand has shown its owner
        for page, side in ((a, 0), (b, 1)):
            leaked = htt_names_hidden(page, hands.get(1 - side, set()) - htt_board(page))
            assert not leaked, leaked

    hands: dict[int, set[str]] = {}
    check(hands)  # each browser shows its own hand from the start
    seen = {}
    current, other = a, b
    while turn(current) != "over":
        for _ in range(6):
            if turn(current) != "move":
                break
            take = current.locator(".htt-take")
            if take.count():
                act(current, take.first)
                continue
            act(current, current.locator(f"{svg[id(current)]} [data-drag^='h']").first)
            act(current, current.locator(f"{svg[id(current)]} [data-pick^='c']").first)
            check(hands)
        relay(current, other, sent)
        # until the game is over: then a browser that holds both secrets has verified the game
        # and shows every card (Match.revealed)
        if turn(other) != "over" and "Game over" not in other.inner_text(f"{MATCH} .prompt"):
            check(hands)
            seen[len(sent)] = htt_board(a), set(hands.get(0, ())) | set(hands.get(1, ()))
        current, other = other, current
    for page in (a, b):
        assert shown_in(page, f"{MATCH} .prompt", VERIFIED)
    same_result(a, b)
    assert len(hands[0]) == len(hands[1]) == 5

    middle = max(seen)  # a spectator of the last link before the end: only the board's cards
    c = ctx_c.new_page()
    open_app(c, site, sent[middle - 1][sent[middle - 1].index("#") :])
    assert c.get_attribute(MATCH, "data-match") == "watch"
    board, held = seen[middle]
    assert htt_board(c) == board and not htt_hand(c, 0) and not htt_hand(c, 1)
    assert not htt_names_hidden(c, held - board)
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()
    elapsed = time.perf_counter() - t0
    print(f"HTT by links: {len(sent)} links, {elapsed:.1f} s")


def open_packs(page, site) -> None:
    """Open every pack the collection offers (a new player's free packs)."""
    open_app(page, site, "#/htt/packs")
    for _ in range(10):
        packs = page.locator("[data-cmd='open-pack']:not([disabled])")
        if not packs.count():
            return
        act(page, packs.first)


def choose_deck(page, highest: bool = False) -> set[str]:
    """Own deck in the form on screen: the first card of five levels (the lowest or the highest),
    clicked as the pictures the player sees (one radio group ``deck_<level>`` per level)."""
    page.select_option("#htt-deck-source", "own")
    idle(page)
    levels = page.eval_on_selector_all(
        "fieldset.htt-deck-level",
        "els => els.map(e => [e.id, [...e.querySelectorAll('input[type=radio]')].map(i => i.value).filter(v => v)])"
        ".filter(x => x[1].length)",
    )
    chosen = set()
    for level, values in (levels[::-1] if highest else levels)[:5]:
        page.locator(f"#{level} input[value='{values[0]}']").check()
        chosen.add(values[0])
    return chosen


def test_htt_players_bring_their_own_decks(browser, site):
    """Own deck by link ("Own deck" means the player picks 5 cards, docs/fair-play.md): A picks its
    cards in the new-game dialog, B on the join screen, from their own collections; each board
    shows its player exactly the cards it chose, and neither shows the other's."""
    ctx_a, ctx_b, ctx_c = contexts(browser)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    open_packs(a, site)
    open_packs(b, site)
    picked = {}
    begin(
        a, b, site, "htt",
        options=lambda page: picked.setdefault(0, choose_deck(page)),
        join=lambda page: picked.setdefault(1, choose_deck(page, highest=True)),
    )  # fmt: skip
    assert htt_hand(a, 0) == picked[0] and htt_hand(b, 1) == picked[1]
    assert not htt_hand(a, 1) and not htt_hand(b, 0)
    assert not htt_names_hidden(a, picked[1]) and not htt_names_hidden(b, picked[0])
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()
