"""Play a friend by link as two friends met it, in real browsers (1366x800 and 390x844):
"Send your move" copies the link at once; the join screen names nobody to move; Escape closes the
resign question; on a phone the paste box is above the board; the match screen's toast leaves the
board's bottom in sight; the list names the link each browser waits for; a cut-off link's error
page leads back to the game; the end says "You won" / "You lost" with the final score and offers
"Rematch". Screenshots of each screen in both themes go to ``WTT_SCREENS`` when it is set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, go, idle, press
from tests.e2e.test_match_e2e import DESKTOP, MATCH, OPEN, goto_link, play_and_send, same_result, start, turn

SIZES = {"1366": DESKTOP, "390": PHONE}


def shot(page, name: str, tmp_path) -> None:
    folder = Path(os.environ.get("WTT_SCREENS") or tmp_path)
    page.screenshot(path=str(folder / f"bylink-{name}.png"))


def context(browser, site, size: str, scheme: str = "light"):
    ctx = browser.new_context(color_scheme=scheme, **SIZES[size])
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    return ctx


def created(page, site) -> None:
    open_app(page, site, "#/tsifrograd/new?mode=link")
    page.fill("#opt-radius", "2")  # the smallest hexagon: a short game
    start(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["1366", "390"])
def test_send_copies_join_names_nobody_escape_closes_and_the_paste_box_is_in_sight(
    browser, site, size, scheme, tmp_path
):
    ctx_a, ctx_b = context(browser, site, size, scheme), context(browser, site, size, scheme)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    created(a, site)
    # one action from the turn to a link ready to paste: the send button copies it
    act(a, a.locator("[data-key='match-send']"))
    link = a.locator(f"{OPEN} #share-link").input_value()
    assert a.evaluate("navigator.clipboard.readText()") == link
    assert "The link is copied" in a.inner_text(f"{OPEN} .share-intro")
    shot(a, f"send-copied-{size}-{scheme}", tmp_path)
    act(a, a.locator(f"{OPEN} [data-cmd='close-share']"))
    assert turn(a) == "wait"
    # waiting: on a phone the paste box comes before the board (it was 1,200 px down)
    paste = a.locator("#match-paste").bounding_box()
    board = a.locator(f"{MATCH} .board-wrap").bounding_box()
    if size == "390":
        assert paste["y"] < board["y"] and paste["y"] < 844
    shot(a, f"waiting-{size}-{scheme}", tmp_path)

    # the join screen: nobody is to move before the friend joins
    open_app(b, site, link[link.index("#") :])
    assert b.get_attribute(MATCH, "data-match") == "join"
    words = b.inner_text(f"{MATCH} .turn-words")
    assert "to move" not in words and "begins when you join" in words
    shot(b, f"join-{size}-{scheme}", tmp_path)
    act(b, b.locator("[data-key='match-join']"))
    second = play_and_send(b)
    goto_link(a, second)

    # Escape answers "no" to the resign question
    act(a, a.locator("[data-key='match-resign']"))
    assert a.locator("[role='alertdialog']").is_visible()
    press(a, "Escape")
    assert a.locator("[role='alertdialog']").count() == 0 and turn(a) != "over"
    for ctx in (ctx_a, ctx_b):
        ctx.close()


@pytest.mark.parametrize("size", ["1366", "390"])
def test_the_toast_leaves_the_board_in_sight(browser, site, size):
    ctx = context(browser, site, size)
    page = ctx.new_page()
    created(page, site)
    act(page, page.locator("[data-key='match-send']"))
    act(page, page.locator(f"{OPEN} [data-cmd='close-share']"))
    page.locator("#toast").evaluate("(t) => { t.hidden = false; t.textContent = 'A message'; }")
    toast = page.locator("#toast").bounding_box()
    assert toast["y"] < 100  # at the top, over the site's bar: the board's bottom stays in sight
    ctx.close()


def test_lists_name_the_link_and_a_cut_off_link_leads_back(browser, site, tmp_path):
    ctx_a, ctx_b = context(browser, site, "1366"), context(browser, site, "390")
    a, b = ctx_a.new_page(), ctx_b.new_page()
    created(a, site)
    first = play_and_send(a)
    open_app(b, site, first[first.index("#") :])
    act(b, b.locator("[data-key='match-join']"))
    second = play_and_send(b)
    # B sent link 2, A has not opened it: each list says which link it waits for
    go(b, "#/friends")
    assert "Waiting for link 3 from your friend" in b.inner_text(".friend-game")
    go(a, "#/friends")
    assert "Waiting for link 2 from your friend" in a.inner_text(".friend-game")
    assert a.locator(".friend-hint").is_visible()
    shot(a, "list-waiting-1366", tmp_path)
    # the link cut off on its way: the error page leads back to the game
    cut = second[second.index("#") : -10]
    go(a, cut)
    assert a.locator(".error-page").is_visible()
    shot(a, "cut-link-1366", tmp_path)
    act(a, a.get_by_role("link", name="Back to your game with a friend"))
    assert a.locator(MATCH).count() == 1 and turn(a) == "wait"
    goto_link(a, second)
    assert turn(a) in ("send", "move")
    for ctx in (ctx_a, ctx_b):
        ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_end_from_each_side_with_the_score_and_a_rematch(browser, site, scheme, tmp_path):
    ctx_a, ctx_b = context(browser, site, "1366", scheme), context(browser, site, "390", scheme)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    created(a, site)
    first = play_and_send(a)
    open_app(b, site, first[first.index("#") :])
    act(b, b.locator("[data-key='match-join']"))
    sent = [first, play_and_send(b)]
    goto_link(a, sent[-1])
    current, other = a, b
    while turn(current) != "over":
        sent.append(play_and_send(current))
        goto_link(other, sent[-1])
        current, other = other, current
    same_result(a, b)
    for page in (a, b):
        assert "Final score (Score): you " in page.inner_text(f"{MATCH} .prompt")
        assert page.locator("[data-key='match-rematch']").is_visible()
    # the last link's sender may send it again; its receiver has nothing to send
    assert current.locator("[data-key='match-resend']").count() == 0
    assert other.locator("[data-key='match-resend']").count() == 1
    shot(a, f"end-1366-{scheme}", tmp_path)
    shot(b, f"end-390-{scheme}", tmp_path)
    # Rematch: a new match, its invitation copied and shown at once
    act(b, b.locator("[data-key='match-rematch']"))
    invite = b.locator(f"{OPEN} #share-link").input_value()
    assert b.evaluate("navigator.clipboard.readText()") == invite
    assert b.inner_text(f"{OPEN} #share-title") == "Invite your friend"
    act(b, b.locator(f"{OPEN} [data-cmd='close-share']"))
    goto_link(a, invite)
    assert a.get_attribute(MATCH, "data-match") == "join"
    idle(a)
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def test_htt_draw_offered_and_declined_by_link(browser, site, tmp_path):
    """HTT's draw button by link: "Offer a draw" among the match's buttons (sent and copied at
    once), "Accept the draw" and "Decline the draw" on the friend's screen; a refusal gives the
    turn back to the offerer."""
    from tests.e2e.test_match_cards_e2e import begin, contexts
    from tests.e2e.test_match_e2e import relay

    ctx_a, ctx_b, ctx_c = contexts(browser)
    for ctx in (ctx_a, ctx_b):
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    a, b = ctx_a.new_page(), ctx_b.new_page()
    svg = {id(a): "svg.htt-wide", id(b): "svg.htt-tall"}
    sent = begin(a, b, site, "htt")
    current, other = a, b
    offer = "[data-key='match-offer-draw']"
    for _ in range(12):  # until a draw can be offered (the hands dealt and committed)
        if turn(current) == "move" and current.locator(offer).count():
            break
        if turn(current) == "move":
            act(current, current.locator(f"{svg[id(current)]} [data-drag^='h']").first)
            act(current, current.locator(f"{svg[id(current)]} [data-pick^='c']").first)
        relay(current, other, sent)
        current, other = other, current
    assert current.locator("#app .panel .htt-draw").count() == 0  # one button, the match's
    act(current, current.locator(offer))
    link = current.locator(f"{OPEN} #share-link").input_value()
    assert current.evaluate("navigator.clipboard.readText()") == link
    act(current, current.locator(f"{OPEN} [data-cmd='close-share']"))
    assert "You offered a draw" in current.inner_text(f"{MATCH} .prompt")
    goto_link(other, link)
    assert "Your friend offers a draw" in other.inner_text(f"{MATCH} .prompt")
    assert other.locator("[data-key='match-draw-accept']").is_visible()
    shot(other, f"htt-draw-offered-{'390' if other is b else '1366'}", tmp_path)
    act(other, other.locator("[data-key='match-draw-decline']"))
    answer = other.locator(f"{OPEN} #share-link").input_value()
    act(other, other.locator(f"{OPEN} [data-cmd='close-share']"))
    goto_link(current, answer)
    assert "Your friend declined the draw" in current.inner_text(f"{MATCH} .prompt")
    assert turn(current) == "move" and current.locator(offer).count() == 0  # once per turn
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()
