"""The published site, driven like a player: the `deployed` subset.

``pytest -m deployed --site-url https://<owner>.github.io/<repo>/ tests/e2e`` runs these against
the page GitHub Pages serves (.github/workflows/pages.yml, job ``smoke``, after each deploy). In the
normal suite they run against dist/ served locally under ``/<repo>/`` (not at the server's root),
which proves every path in the site is relative to its base URL. Every request the pages make is
recorded, and none may leave the site's origin.
"""

from __future__ import annotations

import functools
from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import DIST, open_app
from tests.e2e.helpers import act, board_labels, idle, log_count
from tests.e2e.test_language_e2e import PLAY_GAMES, play_one_move
from webtabletop.core import sharelink
from webtabletop.core.record import History, Record
from webtabletop.core.registry import get_game
from webtabletop.tools.serve import Handler, Server

pytestmark = pytest.mark.deployed
#: the path GitHub Pages gives a project site (https://<owner>.github.io/<repo>/)
REPO_PATH = "/webtabletop/"


class UnderPath(Handler):
    """dist/ under REPO_PATH, as Pages serves a project site; anything else is not found."""

    def translate_path(self, path):
        if not path.startswith(REPO_PATH):
            return str(DIST / "no such file")
        return super().translate_path("/" + path[len(REPO_PATH) :])


@pytest.fixture(scope="session")
def site_url(pytestconfig):
    """The site's base URL (ending in /): --site-url, else dist/ served locally under /<repo>/."""
    given = pytestconfig.getoption("--site-url")
    if given:
        yield given.rstrip("/") + "/"
        return
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python -m webtabletop build` first")
    import threading

    server = Server(("127.0.0.1", 0), functools.partial(UnderPath, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}{REPO_PATH}"
    server.shutdown()
    server.server_close()


@pytest.fixture()
def visitor(browser, site_url):
    """A fresh browser context (a first visit) whose every request must stay on the site's origin."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    ctx = browser.new_context()
    outside: list[str] = []
    ctx.on(
        "request",
        lambda r: None if r.url.startswith((origin + "/", "data:", "blob:")) else outside.append(r.url),
    )
    page = ctx.new_page()
    yield page
    ctx.close()
    assert outside == [], f"requests left {origin}: {outside}"


def share_hash(game: str, plies: int, seed: int = 3) -> str:
    """A share link's fragment: ``plies`` first legal moves of ``game`` played through the rules."""
    spec = get_game(game)
    h = History(Record.new(spec, spec.default_options(), seed))
    for _ in range(plies):
        h.play(h.state.legal_moves()[0].code)
    return sharelink.make_hash(h.current_record())


@pytest.mark.parametrize(("lang", "games"), [("en", "Games"), ("ru", "Игры")])
def test_the_home_page_in_two_languages(visitor, site_url, lang, games):
    open_app(visitor, site_url, f"?lang={lang}#/")
    assert visitor.get_attribute("html", "lang") == lang
    assert visitor.locator("header a[data-t='games']").inner_text() == games
    assert visitor.locator(".games .game-card").count() == len(PLAY_GAMES)
    # the engine answered (not only the pre-rendered first paint): a route it rendered
    assert visitor.get_attribute("body", "data-route") == "home"


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_a_move_in_every_game(visitor, site_url, game):
    open_app(visitor, site_url, f"#/{game}/play?vs=human")
    assert visitor.locator(f".game[data-game='{game}'] .board-wrap").count() == 1
    play_one_move(visitor, game)
    assert log_count(visitor) == 1


def test_a_share_link_opens_its_position(visitor, site_url):
    fragment = share_hash("tsifrograd", 6)
    open_app(visitor, site_url, fragment)
    assert "Opened the shared game" in visitor.locator("#toast").inner_text()  # while it shows (7 s)
    assert log_count(visitor) == 6
    assert visitor.url.startswith(site_url)  # the canonical address stays under the site's path


def test_reload_offline_after_the_service_worker_installed(visitor, site_url):
    open_app(visitor, site_url, "#/tsifrograd/play?vs=human")
    # the service worker controls the page once it has precached what the page loads (Pyodide,
    # the snapshot: about 24 MB)
    visitor.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=180_000
    )
    act(visitor, visitor.locator(".cell.legal").first)
    labels = board_labels(visitor)
    # offline: every request that would reach the network fails (the service worker's too: a
    # context's routes see them, where set_offline alone does not)
    visitor.context.set_offline(True)
    visitor.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    visitor.reload()
    idle(visitor)
    assert board_labels(visitor) == labels and log_count(visitor) == 1
    act(visitor, visitor.locator(".cell.legal").first)  # and the game goes on
    assert log_count(visitor) == 2
