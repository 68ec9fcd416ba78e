"""HTT in a real browser: a new player opens the free pack, builds an Own deck, plays a duel with
Same + Plus + Combo against the AI by clicks, and the collection changes and survives a reload;
a damaged collection is set aside with a message, not lost."""

from __future__ import annotations

import json

from tests.e2e.conftest import open_app, wait_ready
from tests.e2e.helpers import act

KEY = "webtabletop:htt:collection"
HUMAN_TURN = (
    "document.querySelector('.result-dialog') || document.querySelector('.htt-take')"
    " || (document.querySelector(\"svg.htt-wide [data-pick^='h']\") && !document.body.hasAttribute('data-ai'))"
)


def stored(page):
    raw = page.evaluate(f"localStorage.getItem('{KEY}')")
    return json.loads(raw)["data"] if raw else None


def test_new_player_pack_deck_duel_and_reload(page, site):
    open_app(page, site, "#/htt/packs")
    assert "first pack is free" in page.locator(".htt-rule").inner_text()
    act(page, page.get_by_role("button", name="Open a pack of Embers of the Forge"))
    assert page.locator(".htt-opened .htt-card").count() == 5
    assert "New cards:" in page.locator("#toast").inner_text()
    owned = stored(page)["owned"]
    assert sum(owned.values()) == 5

    act(page, page.locator(".game-nav a", has_text="Collection"))
    assert "5</b> cards" in page.locator(".htt-summary").inner_html()
    assert page.locator(".htt-card.owned").count() == 5

    open_app(page, site, "#/htt/new")
    page.select_option("#ai-level", "easy")
    page.select_option("#htt-deck-source", "own")
    selects = page.locator(".htt-deck select")
    assert selects.count() == 5  # one card of each of five levels
    for i in range(5):
        value = selects.nth(i).locator("option").nth(1).get_attribute("value")
        selects.nth(i).select_option(value)
    for rule in ("same", "plus", "combo"):
        page.check(f"#opt-{rule}")
    page.fill("#opt-seed", "3")
    act(page, page.get_by_role("button", name="Start the game"))
    assert (
        "Own deck" in page.locator(".variant").inner_text()
        and "Same, Plus, Combo" in page.locator(".variant").inner_text()
    )

    for _ in range(12):
        page.wait_for_function(HUMAN_TURN, timeout=60_000)
        if page.locator(".result-dialog").count():
            break
        if page.locator(".htt-take").count():
            act(page, page.locator(".htt-take").first)
            continue
        act(page, page.locator("svg.htt-wide [data-pick^='h']").first)
        act(page, page.locator("svg.htt-wide [data-pick^='c']").first)
    page.wait_for_selector(".result-dialog", timeout=60_000)
    title = page.locator(".result-dialog h2").inner_text()
    toast = page.locator("#toast").inner_text()
    print("HTT e2e outcome:", title, "/", toast)
    data = stored(page)
    assert data["games_played"] == 1 and len(data["log"]) == 1
    total = sum(data["owned"].values())
    if title.startswith("Blue"):  # the human is Blue
        assert toast.startswith("You won") and "took" in toast and total == 6
    elif title.startswith("Red"):
        assert toast.startswith("You lost") and "the computer took your" in toast and total == 4
    else:
        assert toast.startswith("Draw") and total == 5

    page.reload()
    wait_ready(page)
    open_app(page, site, "#/htt/log")
    assert page.locator(".htt-log tbody tr").count() == 1
    assert "Same, Plus, Combo" in page.locator(".htt-log").inner_text()
    assert stored(page)["owned"] == data["owned"]


def test_damaged_collection_is_set_aside_not_lost(page, site):
    open_app(page, site, "#/htt/collection")
    page.evaluate(f"localStorage.setItem('{KEY}', '{{broken')")
    page.reload()
    wait_ready(page)
    notice = page.locator(".notice").inner_text()
    assert "could not be read" in notice and "kept aside" in notice
    aside = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('webtabletop:aside:htt:collection'))"
    )
    assert len(aside) == 1 and page.evaluate(f"localStorage.getItem('{aside[0]}')") == "{broken"
    assert stored(page)["owned"] == {}
    act(page, page.locator(".game-nav a", has_text="Packs"))
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes(':aside:')).length") == 1
