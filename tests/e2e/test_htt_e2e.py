"""HTT in a real browser: a new player opens the free pack, builds an Own deck, plays a duel with
Same + Plus + Combo against the AI by clicks, and the collection changes and survives a reload;
the Deck page orders a deck (by keyboard too) and an In-order table plays it in that order; the
7-cell board deals 5 cards; a damaged collection is set aside with a message, not lost.

Waiting: every step waits for the page's idle signal (tests/e2e/helpers.py: ``act``, ``visit``),
then reads the screen's own elements."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.conftest import open_app, wait_ready
from tests.e2e.helpers import act, idle, press

KEY = "webtabletop:htt:collection"


def stored(page):
    raw = page.evaluate(f"localStorage.getItem('{KEY}')")
    return json.loads(raw)["data"] if raw else None


def visit(page, site, fragment, route):
    """Change the address of a page already running; the app shows that screen."""
    page.goto(site + fragment)
    idle(page)
    assert page.get_attribute("body", "data-route") == route


def open_free_pack(page, site):
    open_app(page, site, "#/htt/packs")
    assert "first pack is free" in page.locator(".htt-rule").inner_text()
    act(page, page.get_by_role("button", name="Open a pack of Embers of the Forge"))
    assert page.locator(".htt-opened .htt-card").count() == 5


def play_until_over(page, turns=12, board="svg.htt-wide"):
    """Play the first hand card on the first free cell until the game is over (each click waits
    for the page to be idle: the computer's reply is in)."""
    for _ in range(turns):
        if page.locator(".result-dialog").count():
            break
        if page.locator(".htt-take").count():
            act(page, page.locator(".htt-take").first)
            continue
        act(page, page.locator(f"{board} [data-drag^='h']").first)
        act(page, page.locator(f"{board} [data-pick^='c']").first)
    assert page.locator(".result-dialog").count() == 1


def test_new_player_pack_deck_duel_and_reload(page, site):
    open_free_pack(page, site)
    # the new cards show on the packs page itself, not in a toast that stays over later pages
    assert "Your new cards" in page.locator(".htt-opened").inner_text()
    owned = stored(page)["owned"]
    assert sum(owned.values()) == 5

    act(page, page.locator(".game-nav a", has_text="Collection"))
    assert "5</b> cards" in page.locator(".htt-summary").inner_html()
    assert page.locator(".htt-card.owned").count() == 5

    visit(page, site, "#/htt/new", "new")
    page.select_option("#ai-level", "easy")
    page.select_option("#htt-deck-source", "own")
    idle(page)
    levels = page.locator(".htt-deck .htt-deck-level")
    assert levels.count() == 5  # one card of each of five levels, shown as cards
    for i in range(5):
        levels.nth(i).locator(".htt-pick:not(.htt-pick-none)").first.click()
    for rule in ("same", "plus", "combo"):
        page.check(f"#opt-{rule}")
    page.fill("#opt-seed", "3")
    act(page, page.get_by_role("button", name="Start the game"))
    assert (
        "Own deck" in page.locator(".variant").inner_text()
        and "Same, Plus, Combo" in page.locator(".variant").inner_text()
    )

    play_until_over(page)
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
    visit(page, site, "#/htt/log", "page")
    assert page.locator(".htt-page-log").count() == 1
    assert page.locator(".htt-log tbody tr").count() == 1
    assert "Same, Plus, Combo" in page.locator(".htt-log").inner_text()
    assert stored(page)["owned"] == data["owned"]


def test_the_deck_page_orders_the_deck_and_in_order_plays_it(page, site):
    open_free_pack(page, site)
    visit(page, site, "#/htt/deck", "page")
    cards = page.locator("button.htt-put")  # the cards themselves, not a text list
    ids = [cards.nth(i).get_attribute("data-arg") for i in range(cards.count())]
    assert len(ids) == 5 and page.locator("button.htt-put svg").count() == 5
    for cid in ids:
        act(page, page.locator(f"button.htt-put[data-arg='{cid}']"))
        assert page.locator(f"button.htt-put[data-arg='{cid}']").is_disabled()  # in the deck now
    assert stored(page)["deck"] == ids
    # keyboard: focus the last card's "up" button and press Enter until it leads the deck
    last = ids[-1]
    page.locator(f"button[data-cmd='deck-up'][data-arg='{last}']").focus()
    for _ in range(4):
        press(page, "Enter")  # the re-rendered button has the focus back (data-key)
    order = [last, *ids[:-1]]
    assert stored(page)["deck"] == order
    shown = page.locator(".htt-deck-order li").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == order
    names = [page.locator(f".htt-deck-order li[data-card='{cid}'] .htt-deck-name").inner_text() for cid in order]

    visit(page, site, "#/htt/new", "new")
    page.select_option("#ai-level", "easy")
    page.select_option("#htt-deck-source", "own")
    page.check("#opt-in_order")
    page.check("#house-friendly")  # a house rule
    page.fill("#opt-seed", "5")
    act(page, page.get_by_role("button", name="Start the game"))
    assert "In order" in page.locator(".variant").inner_text()
    for turn in range(2):
        playable = page.locator("svg.htt-wide [data-drag^='h']")
        assert playable.count() == 1  # In order: only the next card of the deck's order
        assert playable.get_attribute("aria-label").startswith(f"{names[turn]},")
        act(page, playable)
        act(page, page.locator("svg.htt-wide [data-pick^='c']").first)


def test_the_7_cell_board_deals_five_cards(page, site):
    open_app(page, site, "#/htt/new")
    page.select_option("#ai-level", "easy")
    page.select_option("#opt-board", "hex7")
    act(page, page.get_by_role("button", name="Start the game"))
    assert page.locator("svg.htt-wide [data-pick^='h']").count() == 5  # "пять ... карт"
    assert page.locator("svg.htt-wide [data-pick^='c']").count() in (6, 7)  # 7 cells, maybe one taken
    hidden = page.locator("svg.htt-wide title", has_text="hidden card").count()
    assert hidden in (4, 5)


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


# --- play feel and languages -------------------------------------------
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _centre(page, locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _start_vs_ai(page, site, query=""):
    open_app(page, site, f"{query}#/htt/play?vs=ai")  # idle: the player's turn (or the computer began)


def test_dragging_a_hand_card_onto_a_free_cell_plays_it(page, site):
    _start_vs_ai(page, site)
    card = page.locator("svg.htt-wide [data-drag^='h']").first
    cell = page.locator("svg.htt-wide [data-drop^='c']").last
    target = cell.get_attribute("data-drop")
    free = page.locator("svg.htt-wide [data-drop^='c']").count()
    x, y = _centre(page, card)
    tx, ty = _centre(page, cell)
    page.mouse.move(x, y)
    page.mouse.down()
    for k in range(1, 9):
        page.mouse.move(x + (tx - x) * k / 8, y + (ty - y) * k / 8)
        page.wait_for_timeout(40)  # a hand's pace: the page handles each move as it comes
    page.mouse.up()
    idle(page)
    # the AI answered, and the card lies on the intended cell: that cell is no longer free
    assert page.locator("svg.htt-wide [data-drop^='c']").count() == free - 2
    assert page.locator(f"svg.htt-wide [data-drop='{target}']").count() == 0


def test_phone_board_hand_and_prompt_fit_and_targets_are_large(browser, site):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    _start_vs_ai(page, site)
    view = page.viewport_size
    for sel in ("svg.htt-tall", ".prompt"):
        box = page.locator(sel).first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (sel, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (sel, box)
    hand = page.locator("svg.htt-tall [data-drag^='h']")
    assert hand.count() == 5
    small = page.evaluate(
        """() => [...document.querySelectorAll(
            "svg.htt-tall [data-pick], svg.htt-tall [data-drop], .htt-panel button, [data-menu]")]
          .map(e => [e.getAttribute('aria-label') || e.textContent.trim(), e.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
          .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == []
    context.close()


def _touch_drag(page, start, end, steps=8):
    cdp = page.context.new_cdp_session(page)
    (x, y), (tx, ty) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, steps + 1):
        point = {"x": x + (tx - x) * k / steps, "y": y + (ty - y) * k / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(40)  # a finger's pace
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_phone_touch_drag_lands_on_the_intended_cell(browser, site):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    _start_vs_ai(page, site)
    cells = page.locator("svg.htt-tall [data-drop^='c']")
    free = cells.count()
    cell = cells.nth(free // 2)
    target = cell.get_attribute("data-drop")
    _touch_drag(page, _centre(page, page.locator("svg.htt-tall [data-drag^='h']").first), _centre(page, cell))
    idle(page)
    assert page.locator("svg.htt-tall [data-drop^='c']").count() == free - 2
    assert page.locator(f"svg.htt-tall [data-drop='{target}']").count() == 0
    context.close()


def test_a_russian_screen_shows_htt_in_russian(browser, site):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    _start_vs_ai(page, site, "?lang=ru")
    prompt = page.locator(".prompt").inner_text()
    assert prompt.startswith("Выберите карту из руки")
    assert "только стандартное правило" in page.locator(".htt-panel").inner_text()
    assert "Предложить ничью" in page.locator(".htt-panel").inner_text()
    visit(page, site, "?lang=ru#/htt/rules", "rules")
    text = page.locator("main").inner_text()
    assert "Сейм" in text and "Комбо" in text and "Антистена" in text
    context.close()


def test_axe_finds_no_serious_violation_on_the_htt_board(browser, site):
    # "axe finds no serious or critical violation … including HTT's hands, whose
    # accessible names today don't contain their visible text"
    axe = (Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js").read_text()
    for options in ({"viewport": {"width": 1366, "height": 800}}, PHONE):
        context = browser.new_context(**options)
        page = context.new_page()
        _start_vs_ai(page, site)
        page.add_script_tag(content=axe)
        found = page.evaluate(
            """async () => (await axe.run(document.querySelector('.board-wrap'), {resultTypes: ['violations']}))
                .violations.filter(v => ['serious', 'critical'].includes(v.impact))
                .map(v => v.id + ': ' + v.nodes[0].html.slice(0, 120))"""
        )
        assert found == [], options
        context.close()


def test_the_dragged_card_follows_the_pointer(page, site):
    _start_vs_ai(page, site)
    card = page.locator("svg.htt-wide [data-drag^='h']").first
    x, y = _centre(page, card)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 120, y + 10)
    page.mouse.move(x + 200, y + 20)
    moved = page.evaluate(
        "() => [...document.querySelectorAll('.drag-ghost, [data-dragging]')].some(e => e.getBoundingClientRect().width > 0)"
    )
    page.mouse.up()
    assert moved


def test_phone_game_over_window_closes_with_escape(browser, site):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_app(page, site, "#/htt/play?vs=ai&level=easy")
    play_until_over(page, board="svg.htt-tall")
    press(page, "Escape")
    assert page.locator(".result-dialog").count() == 0
    context.close()


# every class board.js adds while an element's data-anim plays, and every data-anim kind drawn
WATCH_ANIMS = """window.wttSeen = {anims: new Set(), kinds: new Set()};
new MutationObserver((list) => { for (const m of list) {
  const els = m.type === 'attributes' ? [m.target] : [...m.addedNodes].filter((n) => n.nodeType === 1);
  for (const el of els) {
    for (const c of el.classList || []) if (c.startsWith('anim-')) wttSeen.anims.add(c);
    for (const a of (el.querySelectorAll ? [el, ...el.querySelectorAll('[data-anim]')] : []))
      if (a.getAttribute && a.getAttribute('data-anim')) wttSeen.kinds.add(a.getAttribute('data-anim'));
  }
}}).observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});"""


def _seen(page):
    return page.evaluate("[[...wttSeen.anims].sort(), [...wttSeen.kinds].sort()]")


def test_placed_and_turned_cards_animate_only_with_motion_on(page, site):
    # docs/board.md: "data-anim ... the board plays that animation once, right after the move";
    # "none ... when the player turns motion off"
    _start_vs_ai(page, site)
    page.evaluate(WATCH_ANIMS)
    for _ in range(3):  # placements, and the turns the computer's cards make
        act(page, page.locator("svg.htt-wide [data-drag^='h']").first)
        act(page, page.locator("svg.htt-wide [data-pick^='c']").first)
    anims, kinds = _seen(page)
    assert "place" in kinds and "anim-place" in anims
    assert all(f"anim-{k}" in anims for k in kinds), (anims, kinds)  # "flip" too, when a card turned
    act(page, page.locator("[data-key='setting-motion']"))  # Animations off
    page.evaluate("wttSeen.anims.clear(); wttSeen.kinds.clear()")
    act(page, page.locator("svg.htt-wide [data-drag^='h']").first)
    act(page, page.locator("svg.htt-wide [data-pick^='c']").first)
    anims, kinds = _seen(page)
    assert "place" in kinds and anims == [], anims
