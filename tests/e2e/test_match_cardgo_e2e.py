"""Play a friend by link at CardGO, in real browsers (the way of test_match_cards_e2e.py, whose
helpers it uses; docs/fair-play.md, "Private draws").
"""

from __future__ import annotations

import time

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act
from tests.e2e.test_match_cards_e2e import begin, contexts, shown_in
from tests.e2e.test_match_e2e import MATCH, links, relay, turn

CARDGO_VERIFIED = "Verified: every card was drawn fairly and none was swapped."


def cardgo_turn(page) -> None:
    """Play this browser's CardGO turn: a card, then a cell (the first legal ones); a follow-up
    play is skipped, a pass passed (the panel's buttons)."""
    for _ in range(4):
        if turn(page) != "move":
            return
        button = page.locator("#app .panel [data-move]")
        if button.count():
            act(page, button.first)
            continue
        act(page, page.locator("#app .panel .cg-card[data-pick]").first)
        act(page, page.locator("#app .board .legal").first)
    raise AssertionError("the turn did not end")


def test_two_browsers_play_cardgo_by_links_to_the_end(browser, site):
    """CardGO by link in real browsers (docs/fair-play.md, "Private draws"): each page draws its
    own hand face up and the other's as a count only, a third person's page neither; the game is
    played to its end (a 5×5 board, time 15), where both browsers check every draw and show the
    same result."""
    t0 = time.perf_counter()
    ctx_a, ctx_b, ctx_c = contexts(browser)
    a, b, c = ctx_a.new_page(), ctx_b.new_page(), ctx_c.new_page()

    def small(page) -> None:
        page.fill("#opt-size", "5")
        page.fill("#opt-start_time", "15")

    sent = begin(a, b, site, "cardgo", options=small)
    current, other = a, b
    # A plays Green, who begins: links 3 and 4 hold no move (the opening comes from link 4's seed)
    for _ in range(2):
        assert turn(current) == "send"
        relay(current, other, sent)
        current, other = other, current
    for _ in range(4):
        assert turn(current) == "move"
        mine = current.locator("#app .panel .cg-hand .cg-card")
        assert mine.count() >= 5 and not current.locator("#app .panel .cg-card.unseen").count()
        assert current.locator("#app .panel .cg-hand").count() == 1  # its own hand only
        assert "holds" in current.locator("#app .panel").inner_text()
        cardgo_turn(current)
        relay(current, other, sent)
        current, other = other, current
    open_app(c, site, sent[-1][sent[-1].index("#") :])
    assert c.get_attribute(MATCH, "data-match") == "watch"
    assert c.locator("#app .panel .cg-hand").count() == 0
    assert links(a) == links(b) == len(sent)

    # on to the end: the last links reveal the secrets, and each browser checks the whole game
    for _ in range(4 * 25 + 8):  # the turn limit is 4 × cells turns; then the secrets' links
        if turn(current) == "over":
            break
        cardgo_turn(current)
        relay(current, other, sent)
        current, other = other, current
    for page in (a, b):
        assert turn(page) == "over", turn(page)
        assert shown_in(page, f"{MATCH} .prompt", CARDGO_VERIFIED)
        # verified: nothing is secret any more; both hands face up, no value hidden in tall grass
        assert page.locator("#app .panel .cg-hand").count() == 2
        assert not page.locator("#app .panel .cg-card.unseen").count()
        assert "?" not in page.locator("#app svg.board .stone text").all_inner_texts()
    result = a.inner_text(f"{MATCH} .turn-words")  # the words (a phone adds the score)
    assert result == b.inner_text(f"{MATCH} .turn-words")
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()
    elapsed = time.perf_counter() - t0
    print(f"CardGO by links: {len(sent)} links, {elapsed:.1f} s; {result}")
