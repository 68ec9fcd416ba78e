"""Instant start in a real browser: pre-rendered first screens need no WebAssembly, clicks made
before the engine is ready are replayed onto the very game shown, a share link and a saved game show
their board at once, and a missing, corrupt or stale engine snapshot still gives a working game."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import DIST, open_app, wait_ready
from tests.e2e.helpers import act, board_labels, center, log_count, share_link
from webtabletop.core.rng import Rng


class HeldEngine:
    """Holds the request for the engine worker's script until released: the page runs on its
    pre-rendered screen as long as it likes, exactly as while a slow engine starts."""

    def __init__(self, page) -> None:
        self.pending = []
        self.page = page
        page.route("**/engine.mjs*", self.hold)

    def hold(self, route) -> None:
        self.pending.append(route)

    def release(self) -> None:
        for _ in range(500):  # the request reaches this handler while Playwright waits
            if self.pending:
                break
            self.page.wait_for_timeout(20)  # pump: a wait for the request above, not a pace
        assert self.pending, "the page never asked for its engine"
        for route in self.pending:
            route.continue_()
        self.page.unroute("**/engine.mjs*", self.hold)


def saved_games(page, game: str) -> list[dict]:
    docs = page.evaluate(
        f"""Object.keys(localStorage).filter(k => k.startsWith('webtabletop:game:{game}:'))
        .map(k => JSON.parse(localStorage.getItem(k)).data)"""
    )
    return docs


def first_seed(entropy: str) -> int:
    """The seed the app draws for a new game from a start's entropy (App._fresh_seed)."""
    return Rng.from_seed(int(entropy)).next_u64() >> 32


def test_first_screens_paint_with_no_webassembly(page, site):
    """'the first paint of the home page or of a #/<game> link needs no interpreter and no
    WebAssembly': with the engine's script held back and every .wasm and PyScript file refused,
    the home page and a board still paint."""
    refused = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    page.route("**/*.wasm*", refuse)
    page.route("**/pyscript/**", refuse)
    engine = HeldEngine(page)
    page.goto(site)
    page.wait_for_selector(".games .game-card")
    assert page.locator(".games .game-card").count() == 5
    assert page.locator(".game-card[data-game='tsifrograd'] h2").inner_text() == "Tsifrograd"
    page.goto("about:blank")  # each screen from a fresh load of the page
    page.goto(site + "#/tsifrograd")
    page.wait_for_selector(".board .cell.legal")
    assert page.locator(".board .cell").count() == 37
    assert "rolled" in page.locator(".side .roll").inner_text()
    assert "engine is starting" in page.locator("#boot-status").inner_text()
    page.goto("about:blank")
    page.goto(site + "#/dumaraj/rules")
    page.wait_for_selector("#app h1")
    assert "DumaRaj" in page.locator("#app h1").first.inner_text()
    # no interpreter ran: PyScript was refused, the engine's script never arrived
    assert any("/pyscript/core.js" in u for u in refused)
    assert engine.pending and page.evaluate("window.wttBoot.engine") is None
    assert not [u for u in refused if ".wasm" in u]  # nothing was even in a position to ask for wasm


def test_clicks_before_the_engine_is_ready_are_played_on_the_game_shown(page, site):
    engine = HeldEngine(page)
    page.goto(site + "#/tsifrograd/play?vs=human")
    page.wait_for_selector(".board .cell.legal")
    entropy = page.evaluate("window.wttBoot.entropy")
    roll = page.locator(".side .roll").inner_text()
    cell = page.locator(".board .cell.legal").nth(4)
    code = cell.get_attribute("data-move")
    cell.click()  # page-local: web/boot.js keeps a click on the pre-rendered board
    assert page.locator(".board .queued").count() == 1
    assert "clicks are kept" in page.locator("#boot-status").inner_text()
    assert page.evaluate("window.wttBoot.queue.length") == 1
    assert page.evaluate("window.wttBoot.live") is False  # nothing answered it yet
    engine.release()
    wait_ready(page)  # the engine started, and the kept click is replayed
    assert log_count(page) == 1
    assert page.locator("#boot-status").is_hidden()
    (game,) = saved_games(page, "tsifrograd")
    # the engine started the pictured game (same seed), and the kept click made its move there
    assert game["record"]["seed"] == first_seed(entropy)
    assert [str(m) for m in game["record"]["moves"]] == [code]
    act(page, page.locator("[data-cmd='first']"))
    assert page.locator(".side .roll").inner_text() == roll


def test_share_link_shows_its_game_board_until_the_engine_replays_it(page, site, browser):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    for i in range(3):
        act(page, page.locator(".cell.legal").nth(i))
        if page.locator("[data-move='-']").count():
            act(page, page.locator("[data-move='-']"))
    expected = board_labels(page)
    link = share_link(page)
    other = browser.new_context()
    friend = other.new_page()
    engine = HeldEngine(friend)
    friend.goto(link)
    friend.wait_for_selector("#app.pre-inert .board")
    assert "shared game opens" in friend.locator("#boot-status").inner_text()
    friend.locator(".board .cell").first.click(force=True)  # page-local: web/boot.js answers a click before the engine
    assert friend.evaluate("window.wttBoot.queue.length") == 0  # not this game's board: nothing kept
    engine.release()
    wait_ready(friend)
    assert friend.locator("#app:not(.pre-inert) .board").count() == 1
    assert board_labels(friend) == expected
    other.close()


def test_a_saved_game_paints_its_last_screen_before_the_engine_starts(browser, site):
    context = browser.new_context(service_workers="block")  # the route below must see the engine
    page = context.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=human")
    for i in range(4):
        act(page, page.locator(".cell.legal").nth(i))
        if page.locator("[data-move='-']").count():
            act(page, page.locator("[data-move='-']"))
    labels, moves = board_labels(page), log_count(page)
    page.wait_for_function(  # main.py keeps the last screen when the page is idle
        f"(JSON.parse(localStorage.getItem('webtabletop.screen:tsifrograd')) || {{html: ''}}).html.split('<li').length > {moves}"
    )
    page.close()
    again = context.new_page()
    engine = HeldEngine(again)
    again.goto(site + "#/tsifrograd")
    again.wait_for_selector(".board")
    assert board_labels(again) == labels and log_count(again) == moves  # before any engine
    cell = again.locator(".board .cell.legal").first
    cell.click()
    engine.release()
    wait_ready(again)
    assert log_count(again) > moves
    context.close()


def test_a_drop_before_the_engine_is_ready_is_kept_and_played(page, site):
    """A drag on a pre-rendered board is a player's move as much as a click: the drop is kept with
    the clicks and played once the engine has started (it was lost before: no preview, no move)."""
    engine = HeldEngine(page)
    page.goto(site + "#/dumaraj/play?vs=human")
    b1, c3 = 1, 22  # squares of the 10-wide board
    page.wait_for_selector(f".board [data-drag='d{b1}']")
    (x0, y0), (x1, y1) = center(page.locator(f".board [data-drag='d{b1}']")), center(page.locator(f".board [data-drop='t{c3}']"))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()
    assert page.evaluate("window.wttBoot.queue.length") == 1
    assert page.locator(f".board [data-drop='t{c3}'].queued").count() == 1
    assert "kept" in page.locator("#boot-status").inner_text()
    engine.release()
    wait_ready(page)
    assert log_count(page) == 1
    assert page.locator(".log li").first.inner_text().endswith("Gon' b1–c3")


@pytest.mark.parametrize("damage", ["missing", "corrupt", "stale"])
def test_an_unusable_snapshot_falls_back_to_a_normal_start(page, site, damage):
    """'a missing, corrupt or stale snapshot after an upgrade': no error, the game plays."""
    if damage == "missing":
        page.route("**/engine.snap.gz*", lambda route: route.fulfill(status=404, body="not found"))
    elif damage == "corrupt":
        data = bytearray((DIST / "engine.snap.gz").read_bytes())
        for i in range(len(data) // 2, len(data) // 2 + 4096):
            data[i] ^= 0x5A
        page.route("**/engine.snap.gz*", lambda route: route.fulfill(status=200, body=bytes(data)))
    else:  # the page of a newer build meets the snapshot of the build before it
        html = (DIST / "index.html").read_text(encoding="utf-8")
        build = json.loads((DIST / "build.json").read_text())["version"]
        newer = html.replace(f'"build":"{build}"', '"build":"0000000000"', 1)
        assert newer != html
        page.route("**/", lambda route: route.fulfill(status=200, body=newer, content_type="text/html"))
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, site, "#/tsifrograd/play?vs=human")
    mode = page.get_attribute("html", "data-engine")
    assert mode.startswith("fresh ("), mode
    act(page, page.locator(".cell.legal").first)
    assert log_count(page) == 1
    assert not page.locator("#boot-status").is_visible()
    assert errors == []


def test_the_snapshot_is_used_when_it_is_sound(page, site):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    assert page.get_attribute("html", "data-engine") == "snapshot"
    act(page, page.locator(".cell.legal").first)
    assert log_count(page) == 1


def moves_listed(page) -> list[str]:
    return page.eval_on_selector_all(".log li", "els => els.map(e => e.textContent.trim())")


def test_a_first_visits_first_move_is_answered_before_the_engine_is_up(page, site):
    """A first answer that does not wait for Pyodide (tools/answers.py): on a first visit
    the newcomer's board shows the player's move as soon as it is clicked, with the engine's script
    still held back; the engine, once up, replays the click onto the same game and shows the same
    move, then the computer replies."""
    engine = HeldEngine(page)
    page.goto(site + "#/tsifrograd")
    page.wait_for_selector(".board .cell.legal")
    cell = page.locator(".board .cell.legal").nth(4)
    code = cell.get_attribute("data-move")
    cell.click()  # page-local: web/boot.js keeps it and paints the build's answer
    page.wait_for_function("document.querySelectorAll('.log li').length === 1")
    answered = moves_listed(page)
    assert page.evaluate("window.wttBoot.live") is False and engine.pending  # no engine ran
    assert page.locator(f".board [data-move='{code}']").count() == 0  # the cell is taken
    assert "clicks are kept" in page.locator("#boot-status").inner_text()
    engine.release()
    wait_ready(page)
    assert moves_listed(page)[0] == answered[0]  # the engine's own screen says the same
    (game,) = saved_games(page, "tsifrograd")
    assert [str(m) for m in game["record"]["moves"]][0] == code


def test_a_selection_and_the_move_it_leads_to_are_answered_before_the_engine_is_up(page, site):
    """DumaRaj: a piece clicked shows its moves, one of them clicked shows the move played, both
    before the engine has started; the engine then plays that move in the game shown."""
    engine = HeldEngine(page)
    page.goto(site + "#/dumaraj")
    page.wait_for_selector(".board [data-pick]")
    before = board_labels(page)
    page.locator(".board [data-pick]").first.click()
    target = page.locator(".board g.legal[data-pick]").first  # a square the piece can move to
    target.wait_for()
    square = target.get_attribute("aria-label").split(",")[0]
    target.click()
    page.wait_for_function("document.querySelectorAll('.log li').length === 1")
    assert board_labels(page) != before and engine.pending
    answered = moves_listed(page)
    engine.release()
    wait_ready(page)
    assert moves_listed(page)[0] == answered[0]
    (game,) = saved_games(page, "dumaraj")
    assert str(game["record"]["moves"][0]).endswith(square)  # the move made goes to that square


@pytest.mark.parametrize(
    ("game", "card", "cell"),
    [
        ("htt", ".htt-hand-card[data-pick='h0']", ".htt-cell[data-pick='c4']"),
        ("cardgo", ".cg-card[data-pick='h0']", ".cg-cell[data-pick='d4']"),
        ("sht", "[data-pick^='h:']", "[data-move^='o:']"),
    ],
)
def test_a_card_and_where_it_goes_are_answered_before_the_engine_is_up(page, site, game, card, cell):
    """HTT, CardGO and SHT: a hand card chosen, then its cell (SHT: played open), shows the move
    played before the engine has started; the newcomer begins every first board, even where a
    coin picks who begins (HTT, SHT). The engine then plays that move in the game shown."""
    engine = HeldEngine(page)
    page.goto(site + f"#/{game}")
    page.locator(card).first.click()
    target = page.locator(cell).first
    target.wait_for()
    target.click()
    page.wait_for_function("document.querySelectorAll('.log li').length === 1")
    assert page.evaluate("window.wttBoot.live") is False and engine.pending  # no engine ran
    answered = moves_listed(page)
    engine.release()
    wait_ready(page)
    assert moves_listed(page)[0] == answered[0]
    (saved,) = saved_games(page, game)
    assert len(saved["record"]["moves"]) >= 1


def test_without_the_answers_file_a_first_click_is_kept_as_before(page, site):
    """Offline before the answers were ever fetched (or any failure to read them): the click is
    kept and marked, and the engine plays it when it is up."""
    page.route("**/*.answers.json*", lambda route: route.abort())
    engine = HeldEngine(page)
    page.goto(site + "#/tsifrograd")
    page.wait_for_selector(".board .cell.legal")
    page.locator(".board .cell.legal").first.click()
    page.locator(".board .queued").wait_for()  # boot.js marks the kept click
    assert page.locator(".board .queued").count() == 1 and log_count(page) == 0
    engine.release()
    wait_ready(page)
    assert log_count(page) >= 1


def test_an_answered_click_stays_answered_in_another_language(page, site):
    """The language switched before the engine is up: the same board in the new language, with
    the kept click's answer in that language."""
    engine = HeldEngine(page)
    page.goto(site + "#/tsifrograd")
    page.wait_for_selector(".board .cell.legal")
    page.locator(".board .cell.legal").nth(2).click()
    page.wait_for_function("document.querySelectorAll('.log li').length === 1")
    before = moves_listed(page)
    page.select_option("#lang", "ru")
    page.wait_for_function("document.documentElement.lang === 'ru' && document.querySelectorAll('.log li').length === 1"
                           " && document.getElementById('app').textContent.includes('Ходы')")
    assert moves_listed(page) == before  # "8 → b1" reads the same in Russian
    assert page.evaluate("window.wttBoot.queue.length") == 1 and engine.pending
    engine.release()
    wait_ready(page)
    assert moves_listed(page)[0] == before[0]
