"""The service worker precaches what the page loads and nothing it never runs, proved with the
list of files real page loads ask the server for (src/webtabletop/tools/precache.py)."""

from __future__ import annotations

import fnmatch
import json
import re
import tomllib
from html.parser import HTMLParser

from tests.e2e.conftest import DIST, ROOT, open_app
from tests.e2e.helpers import act
from webtabletop.tools.precache import FEATURES, LAZY, LOCAL
from webtabletop.tools.serve import serve_in_thread


def precached() -> set[str]:
    return set(re.findall(r'url:"([^"]+)"', (DIST / "sw.js").read_text()))


def requested_by_a_visit(browser, fragment: str, steps, packed: bool = True) -> set[str]:
    """Every path a visit asks the server for (no service worker: all requests reach it), as from
    a host elsewhere (``packed``: web/boot-head.js would take this local server's files unpacked)."""
    server, url = serve_in_thread(DIST)
    server.requested = []
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    open_app(page, url, ("index.html?packed=1" if packed else "") + fragment)
    steps(page)
    ctx.close()
    server.shutdown()
    server.server_close()
    return {p or "index.html" for p in server.requested}


def play_and_browse(page):
    act(page, page.locator(".cell.legal").first)  # a move, and the computer's answer
    act(page, page.get_by_role("link", name="Rules").first)
    act(page, page.locator("header a[href='#/']").first)


def test_the_precache_is_exactly_what_the_page_loads(browser):
    seen = requested_by_a_visit(browser, "#/tsifrograd", play_and_browse)
    seen |= requested_by_a_visit(browser, "", lambda page: None)
    cache = precached()
    lazy = {p for p in seen if any(re.search(pattern, "/" + p) for pattern in LAZY)}
    assert lazy, "a board visit fetches its pre-rendered screen"
    # every file a visit requests is precached (or cached when first used: screens, catalogs)
    assert seen - lazy <= cache, f"requested but not precached: {sorted(seen - lazy - cache)}"
    # every precached file is requested by a visit, or only by a feature named with its reason
    optional = {p for p in cache if any(fnmatch.fnmatch(p, glob) for glob in FEATURES)}
    assert cache - seen <= optional, f"precached but never requested: {sorted(cache - seen - optional)}"
    # PyScript's editor, terminal and CodeMirror parts are neither requested nor precached
    heavy = [p for p in seen | cache if re.search(r"codemirror|xterm|toml-|zip-|pyodide_graph", p)]
    assert heavy == []
    assert "pyodide/pyodide-lock.json" not in seen | cache  # the engine needs no package index
    # a first visit from this machine's server takes the engine's files unpacked: nothing else
    local = requested_by_a_visit(browser, "#/tsifrograd", play_and_browse, packed=False)
    unpacked = {p for p in local if any(re.search(pattern, "/" + p) for pattern in LOCAL)}
    assert unpacked, "a local visit takes the engine's files unpacked"
    assert not unpacked & cache
    lazy = {p for p in local if any(re.search(pattern, "/" + p) for pattern in LAZY)}
    assert local - lazy - unpacked <= cache, sorted(local - lazy - unpacked - cache)


#: PyScript plugins that web/pyscript.toml turns off: the page runs no editor, terminal or pygame
PLUGINS_OFF = ("py-editor", "py-terminal", "py-game", "deprecations-manager", "donkey")


def test_a_first_visit_loads_none_of_pyscripts_unused_plugins(browser):
    """PyScript 0.7 imports every plugin it is not told to leave out, once per interpreter type
    (a first visit downloaded the editor, terminal and py-game chunks). web/pyscript.toml
    leaves them out, and its settings are in the page: neither the file nor PyScript's TOML parser
    is fetched before MicroPython starts."""
    seen = requested_by_a_visit(browser, "", lambda page: None)
    chunks = [p for p in seen if p.startswith("pyscript/")]
    assert any(re.fullmatch(r"pyscript/core-[\w-]+\.js", p) for p in chunks), chunks  # the record is real
    unused = [p for p in chunks if re.match(rf"pyscript/({'|'.join(PLUGINS_OFF)})-[\w-]+\.js$", p)]
    assert unused == [], f"PyScript chunks the page never runs: {unused}"
    assert not [p for p in seen if "toml" in p], sorted(seen)


class PyScriptConfigs(HTMLParser):
    """The PyScript configs of a page: the mpy script's ``config`` attribute, the ``<py-config>`` text."""

    def __init__(self):
        super().__init__()
        self.configs: dict[str, str] = {}
        self._in_py_config = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("type") == "mpy":
            self.configs["mpy"] = attrs.get("config", "")
        self._in_py_config = tag == "py-config"

    def handle_data(self, data):
        if self._in_py_config:
            self.configs["py"] = self.configs.get("py", "") + data

    def handle_endtag(self, tag):
        self._in_py_config = False


def test_the_page_carries_web_pyscript_toml():
    """web/pyscript.toml is the page's PyScript configuration: the build writes its settings, as
    JSON, into both elements that name it (so that no request waits for it)."""
    wanted = tomllib.loads((ROOT / "web" / "pyscript.toml").read_text())
    parser = PyScriptConfigs()
    parser.feed((DIST / "index.html").read_text(encoding="utf-8"))
    assert set(parser.configs) == {"mpy", "py"}
    assert {kind: json.loads(text) for kind, text in parser.configs.items()} == {"mpy": wanted, "py": wanted}
    assert wanted["interpreter"] == "./micropython/micropython.mjs"  # the bundled one, not a CDN
    assert {f"!{name}" for name in PLUGINS_OFF} <= set(wanted["plugins"])
