"""Resign and draw by agreement in a game by link, in real browsers: two browser
contexts (two people's browsers, nothing shared but the links).

- Tsifrograd: the player who waits for the friend's move resigns (out of turn), after the
  confirmation; the friend opens the link and wins; both friends lists show the result.
- DumaRaj (its rules allow a draw by agreement): White offers a draw by link, Black accepts by
  link; both screens end "Draw".
- HTT (hidden hands): a resignation reveals the resigner's secret, the friend's last link its
  own, and both screens end verified.

Every wait is for the page's idle signal (tests/e2e/helpers.py). With WTT_SCREENS=<folder> the
screens are saved there (docs/screens/match-*.png are made so).
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, go
from tests.e2e.test_dumaraj_e2e import clicks
from tests.e2e.test_match_cards_e2e import VERIFIED, begin, shown_in
from tests.e2e.test_match_e2e import (
    DESKTOP,
    MATCH,
    OPEN,
    goto_link,
    links,
    play_and_send,
    relay,
    send_link,
    start,
    turn,
)
from webtabletop.core.registry import get_game


def shot(page, name: str, tmp_path) -> None:
    folder = Path(os.environ.get("WTT_SCREENS") or tmp_path)
    page.screenshot(path=str(folder / f"match-{name}.png"))


def shared(page) -> str:
    """The link in the open Share window (closed after reading)."""
    link = page.locator(f"{OPEN} #share-link").input_value()
    act(page, page.locator(f"{OPEN} [data-cmd='close-share']"))
    return link


def test_a_player_resigns_out_of_turn_by_link(browser, site, tmp_path):
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**PHONE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    open_app(a, site, "#/tsifrograd/new?mode=link")
    a.fill("#opt-radius", "2")
    start(a)
    first = play_and_send(a)
    open_app(b, site, first[first.index("#") :])
    act(b, b.locator("[data-key='match-join']"))
    second = play_and_send(b)
    goto_link(a, second)
    # links 3 and 4 hold no move: A's first dice come from link 4's seed
    goto_link(b, play_and_send(a))
    goto_link(a, play_and_send(b))
    assert turn(a) == "move" and turn(b) == "wait"
    # B waits for A's move, and resigns: asked first, "Keep playing" changes nothing
    act(b, b.locator("[data-key='match-resign']"))
    dialog = b.locator("[role='alertdialog']")
    assert dialog.get_by_text("Resign this game?").is_visible()
    shot(b, "resign-confirm-390", tmp_path)
    act(b, dialog.locator("[data-key='match-resign-no']"))
    assert b.locator("[role='alertdialog']").count() == 0 and turn(b) == "wait"
    act(b, b.locator("[data-key='match-resign']"))
    act(b, b.locator("[role='alertdialog'] [data-key='match-resign-yes']"))
    link = shared(b)
    assert turn(b) == "over"
    goto_link(a, link)
    assert turn(a) == "over"
    words = a.inner_text(f"{MATCH} .turn-words")  # "Orange wins": A's side, the same on both screens
    assert words.endswith("wins") and words == b.inner_text(f"{MATCH} .turn-words")
    assert "resignation" in a.inner_text(MATCH)
    assert a.locator("[data-key='match-resign']").count() == 0
    shot(a, "resigned-1366", tmp_path)
    go(a, "#/friends")
    assert (
        a.locator(".friend-game[data-status='over']")
        .get_by_text("You won: your friend resigned")
        .is_visible()
    )
    go(b, "#/friends")
    assert b.locator(".friend-game").get_by_text("Your friend won: you resigned").is_visible()
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def _move(page, state, code: str) -> None:
    for selector in clicks(state, code):
        act(page, page.locator(selector).first)


def _first_plain_move(state) -> str:
    """A move made by two clicks (a mob, then its square)."""
    for move in state.legal_moves():
        if len(clicks(state, move.code)) == 2:
            return move.code
    raise AssertionError("no plain move")


def test_a_draw_is_offered_and_accepted_by_link(browser, site, tmp_path):
    spec = get_game("dumaraj")
    state = spec.new_game(spec.default_options(), 0)
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**DESKTOP)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    open_app(a, site, "#/dumaraj/new?mode=link")
    a.select_option("#side", "0")  # White, moving in link 1
    act(a, a.locator("[data-key='start']"))
    assert turn(a) == "move"
    code = _first_plain_move(state)
    _move(a, state, code)
    state = state.apply_code(code)
    first = send_link(a)
    open_app(b, site, first[first.index("#") :])
    act(b, b.locator("[data-key='match-join']"))
    code = _first_plain_move(state)
    _move(b, state, code)
    second = send_link(b)
    goto_link(a, second)
    assert turn(a) == "move"
    # White offers a draw instead of moving
    act(a, a.locator("[data-key='match-offer-draw']"))
    offer = shared(a)
    assert "You offered a draw" in a.inner_text(MATCH)
    goto_link(b, offer)
    assert b.get_by_text("Your friend offers a draw").first.is_visible()
    shot(b, "draw-offered-1366", tmp_path)
    act(b, b.locator("[data-key='match-draw-accept']"))
    accepted = shared(b)
    assert turn(b) == "over"
    goto_link(a, accepted)
    for page in (a, b):
        assert turn(page) == "over"
        assert "Draw" in page.inner_text(f"{MATCH} .turn-words")
        assert "draw agreed" in page.inner_text(MATCH)
    shot(a, "draw-agreed-1366", tmp_path)
    go(a, "#/friends")
    assert a.locator(".friend-game").get_by_text("Draw agreed").is_visible()
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def _htt_turn(page, svg: str) -> None:
    """The player's whole HTT turn: a hand card, then a free cell (the first of each)."""
    while turn(page) == "move":
        act(page, page.locator(f"{svg} [data-drag^='h']").first)
        act(page, page.locator(f"{svg} [data-pick^='c']").first)


def test_a_game_with_hidden_cards_is_resigned_by_link_and_checked(browser, site, tmp_path):
    """HTT by link (hands hidden, each drawn from both players' randomness): once the cards are
    dealt and committed (link 5), A resigns after the confirmation; the resignation reveals A's secret, B's
    "last link" reveals B's, and both screens end verified, with the resignation as the result."""
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**PHONE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    svg = {id(a): "svg.htt-wide", id(b): "svg.htt-tall"}
    sent = begin(a, b, site, "htt")  # links 1 and 2: A holds link 2
    # links 3 to 5: the hands known (A's from link 4's value), the first moves
    for current, other in ((a, b), (b, a), (a, b)):
        _htt_turn(current, svg[id(current)])
        relay(current, other, sent)
    assert links(a) == 5
    act(a, a.locator("[data-key='match-resign']"))
    dialog = a.locator("[role='alertdialog']")
    assert dialog.get_by_text("It reveals your secret", exact=False).is_visible()
    act(a, dialog.locator("[data-key='match-resign-yes']"))
    assert a.locator(f"{OPEN} #share-title").inner_text() == "Send your resignation"
    link = shared(a)
    assert turn(a) == "over" and "Waiting for the last link" in a.inner_text(f"{MATCH} .prompt")
    goto_link(b, link)
    assert turn(b) == "send" and "Send the last link" in b.inner_text(f"{MATCH} .prompt")
    shot(b, "hidden-resigned-answer-390", tmp_path)
    answer = send_link(b)
    goto_link(a, answer)
    for page in (a, b):
        assert turn(page) == "over"
        assert shown_in(page, f"{MATCH} .prompt", VERIFIED)
        assert "resignation" in page.inner_text(MATCH)
    assert a.inner_text(f"{MATCH} .turn-words") == b.inner_text(f"{MATCH} .turn-words")
    shot(a, "hidden-resigned-verified-1366", tmp_path)
    go(a, "#/friends")
    assert a.locator(".friend-game").get_by_text("Your friend won: you resigned").is_visible()
    for ctx in (ctx_a, ctx_b):
        ctx.close()
