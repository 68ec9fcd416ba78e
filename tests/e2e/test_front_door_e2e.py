"""The front door in a real browser, at desktop and phone size: each home card
shows a real position drawn by its game's own view (fetched after the first paint, in the
reader's language), and a newcomer's first "Play vs AI" is the easy game, which says how to turn
the rest on; after it, the normal defaults apply."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, go, idle
from webtabletop.core.registry import PLAYABLE
from webtabletop.tools import prerender

SIZES = {"1366": {"viewport": {"width": 1366, "height": 800}}, "390": PHONE}


@pytest.fixture(params=list(SIZES))
def sized(request, browser):
    ctx = browser.new_context(**SIZES[request.param])
    yield ctx.new_page()
    ctx.close()


def pictures(page) -> dict[str, dict]:
    """game -> what its card's picture shows: the image's file, whether it is drawn, its size on
    screen, and the place's role and label."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.game-card .card-pic')].map((el) => {
            const img = el.querySelector(':scope > img');
            const r = img ? img.getBoundingClientRect() : {width: 0, height: 0};
            return [el.dataset.pic, {src: img ? img.getAttribute('src') : null, drawn: !!img && img.complete
              && img.naturalWidth > 0, w: r.width, h: r.height, alt: img ? img.alt : null,
              label: el.getAttribute('aria-label'), role: el.getAttribute('role')}];
        }))"""
    )


def test_home_cards_show_a_real_position_drawn_by_the_game(sized, site):
    open_app(sized, site)
    shown = pictures(sized)
    assert list(shown) == list(PLAYABLE)
    for game, pic in shown.items():
        assert pic["drawn"] and pic["w"] >= 60 and pic["h"] >= 60, (game, pic)  # drawn, not hidden by CSS
        assert pic["src"].startswith(f"./pre/en/{game}-picture.svg?v=")
        assert pic["role"] == "img" and pic["label"].endswith("a board in the middle of a game")
        assert pic["alt"] == ""  # the place's label names it; the image is not read out twice
    # drawn as the game draws it: Tsifrograd's numbers on the players' colours (the page's rules
    # travel with the image), not black cells
    svg = sized.request.get(site + shown["tsifrograd"]["src"][2:]).text()
    assert ".cell.p0 polygon" in svg and 'class="cell p0' in svg
    # "Learn to play" still comes first on every card of a newcomer
    for game in PLAYABLE:
        first = sized.locator(f".game-card[data-game='{game}'] .actions a").first
        assert first.get_attribute("href") == f"#/{game}/learn"
    # another language: the engine draws the home page again and the pictures follow the language
    sized.select_option("#lang", "ja")
    idle(sized)
    ja = pictures(sized)
    assert all(p["drawn"] and "/pre/ja/" in p["src"] for p in ja.values()) and "盤面" in ja["sht"]["label"]
    sht = sized.request.get(site + ja["sht"]["src"][2:]).text()
    assert ">closed<" not in sht and ">deck " not in sht


#: kept by the page itself at the moment its first CardGO board appears (a test that read it later
#: could find the engine already up on a busy machine): the cells, the hand and whether the engine ran
FIRST_BOARD = """(() => { new MutationObserver((_, seen) => {
    const cells = document.querySelectorAll('.board.cardgo .cg-cell');
    if (!cells.length || window.wttFirstBoard) return;
    const hand = document.querySelector('.cg-hand');
    window.wttFirstBoard = [cells.length, hand ? hand.textContent : null, !!(window.wttBoot && window.wttBoot.live)];
    seen.disconnect();
  }).observe(document, {subtree: true, childList: true}); })()"""


def first_board(page, url: str) -> list:
    """Open ``url`` and return what its first CardGO board showed as it appeared."""
    page.add_init_script(FIRST_BOARD)
    page.goto(url)
    page.wait_for_function("() => window.wttFirstBoard !== undefined")
    return page.evaluate("() => window.wttFirstBoard")


def cells(page) -> int:
    return page.locator(".board.cardgo .cg-cell").count()


def place_a_card(page) -> None:
    act(page, page.locator("[data-pick^='h']").first)
    act(page, page.locator(".board [data-pick][data-drop]").first)


def test_a_newcomers_first_game_is_easy_and_says_how_to_turn_the_rest_on(sized, site):
    open_app(sized, site)
    act(sized, sized.locator(".game-card[data-game='cardgo'] a[href='#/cardgo/play?vs=ai']"))
    assert cells(sized) == 49  # 7×7, without terrain and effects
    assert sized.locator(".board .cg-cell.terrain-1, .board .cg-badge").count() == 0
    note = sized.locator("[data-key='first-game-note']")
    assert note.is_visible() and "terrain" in note.inner_text()
    assert sized.locator("[data-key='level']").input_value() == "easy"
    act(sized, note.get_by_role("link", name="New game…"))
    dialog_note = sized.locator(".new-game [data-key='first-game-note']")
    assert dialog_note.is_visible() and "Classic (10×10)" in dialog_note.inner_text()
    assert sized.locator("#opt-size").input_value() == "7" and not sized.locator("#opt-terrain").is_checked()
    act(sized, sized.get_by_role("link", name="Cancel"))
    place_a_card(sized)  # the first game is played: from now on the normal defaults
    go(sized, "#/")
    act(sized, sized.locator(".game-card[data-game='cardgo'] a[href='#/cardgo/play?vs=ai']"))
    assert cells(sized) == 100 and sized.locator("[data-key='first-game-note']").count() == 0
    assert sized.locator("[data-key='level']").input_value() == "normal"
    # a reload straight onto "Play vs AI": the page does not paint the newcomer's pre-rendered board
    sized.goto("about:blank")
    open_app(sized, site, "#/cardgo/play?vs=ai")
    assert cells(sized) == 100


def test_a_newcomers_first_board_is_painted_before_the_engine_and_is_the_engines(page, site):
    """Loaded straight onto "Play vs AI", a newcomer sees the build's pre-rendered first game (a
    browser with no data: the 7×7 board) before the engine runs, and the engine starts that very
    game (the same hand)."""
    painted = first_board(page, site + "#/cardgo/play?vs=ai")
    assert painted[0] == 49 and painted[2] is False  # the pre-rendered screen, no engine yet
    idle(page)
    assert page.locator("[data-key='first-game-note']").count() == 1
    assert [cells(page), page.locator(".cg-hand").first.text_content()] == painted[:2]


def test_a_returning_players_board_is_painted_before_the_engine_and_is_the_engines(browser, site):
    """A player who has played CardGO before (the settings remember it) and loads "Play vs AI"
    straight from the address bar sees a pre-rendered board with the designer's defaults (10×10)
    before the engine runs, not the newcomer's first game and not a loading screen; the engine
    then starts that very game."""
    ctx = browser.new_context()
    stored = json.dumps(prerender.returning("cardgo"))
    ctx.add_init_script(f"try {{ for (const [k, v] of Object.entries({stored})) localStorage.setItem(k, v); }} catch (e) {{}}")
    page = ctx.new_page()
    try:
        painted = first_board(page, site + "#/cardgo/play?vs=ai")
        assert painted[0] == 100 and painted[2] is False  # pre-rendered, no engine yet
        idle(page)
        assert page.locator("[data-key='first-game-note']").count() == 0
        assert page.locator("[data-key='level']").input_value() == "normal"
        assert [cells(page), page.locator(".cg-hand").first.text_content()] == painted[:2]
    finally:
        ctx.close()
