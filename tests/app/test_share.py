"""The Share window: "Show a QR code of the link, drawn by the app as SVG".

The window's QR code is read back twice: by rasterising the SVG the app sends (its path, module by
module) and decoding that picture with zxing-cpp, an independent decoder (a test dependency, not
shipped), and by comparing the picture with segno's own matrix for the link.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
import segno
import zxingcpp

from tests.app.harness import Page
from webtabletop.app.widgets import share
from webtabletop.core import sharelink
from webtabletop.core.record import Record
from webtabletop.core.registry import PLAYABLE
from webtabletop.i18n import catalogs

SVG_NS = "{http://www.w3.org/2000/svg}"


def dialog(html: str) -> str:
    found = re.search(r"<dialog class=\"share-dialog\".*?</dialog>", html, re.S)
    assert found, "no Share window in the page"
    return found.group(0)


def field_value(html: str) -> str:
    import html as html_

    return html_.unescape(re.search(r'class="share-link"[^>]*value="([^"]*)"', html).group(1))


def qr_element(html: str) -> ET.Element:
    """The window's QR code, parsed as XML (so it is well-formed SVG)."""
    svg = re.search(r"<svg class=\"qr\".*?</svg>", dialog(html), re.S).group(0)
    return ET.fromstring(svg)


def rasterise(svg: ET.Element) -> list[list[int]]:
    """The modules the SVG paints dark: its one path, read command by command (segno writes
    ``M``/``m`` moves and ``h`` runs of a stroke 1 module wide centred on ``y + .5``)."""
    size = int(svg.get("viewBox").split()[2])
    assert svg.get("viewBox") == f"0 0 {size} {size}"
    rect, path = list(svg)
    assert rect.tag == SVG_NS + "rect" and rect.get("fill") == "#fff"  # light under everything
    assert path.get("stroke") == "#000" and path.get("stroke-width") is None  # 1 module wide
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for cmd, args in re.findall(r"([MmHhVv])([^MmHhVv]*)", path.get("d")):
        nums = [float(n) for n in args.replace(",", " ").split()]
        if cmd in "Mm":
            x, y = (nums[0], nums[1]) if cmd == "M" else (x + nums[0], y + nums[1])
        elif cmd in "Hh":
            end = nums[0] if cmd == "H" else x + nums[0]
            assert y % 1 == 0.5, "a run must sit on a module row"
            for col in range(int(min(x, end)), int(max(x, end))):
                grid[int(y)][col] = 1
            x = end
        else:
            raise AssertionError(f"unexpected path command {cmd}")
    return grid


def decode(grid: list[list[int]], scale: int = 4) -> list[str]:
    """What an independent decoder (zxing-cpp) reads in the picture (dark = 0, scaled up)."""
    rows = [bytes(0 if v else 255 for v in row for _ in range(scale)) for row in grid]
    pixels = b"".join(row for row in rows for _ in range(scale))
    side = len(grid) * scale
    return [r.text for r in zxingcpp.read_barcodes(memoryview(pixels).cast("B", (side, side)))]


def finished_link(game: str, seed: int) -> str:
    """The fragment (``#/game?r=…``) of a game of random legal moves played to its end (a long record)."""
    record = Record(game, {}, seed, ())
    state, rng, moves = record.start_state(), random.Random(seed), []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(move.code)
        state = state.apply(move)
    return sharelink.make_hash(record.with_moves(tuple(moves)))


def test_the_window_holds_the_link_and_a_qr_code_that_decodes_to_it():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    html = page.send({"type": "cmd", "name": "share"})["html"]
    link = field_value(dialog(html))
    assert link == "http://x/" + sharelink.make_hash(page.state.session.history.current_record())
    svg = qr_element(html)
    assert svg.get("role") == "img" and svg.get("aria-label") == "QR code of the share link"
    grid = rasterise(svg)
    assert decode(grid) == [link]
    # segno's matrix for the same text, level and quiet zone is exactly what the SVG paints
    qr = segno.make(link, error="l", micro=False, boost_error=True)
    assert [[int(bool(v)) for v in row] for row in qr.matrix_iter(border=share.QUIET_ZONE)] == grid
    assert svg.get("data-qr") == qr.designator
    # a quiet zone of four light modules on every side ("ISO/IEC 18004: at least 4")
    for i in range(share.QUIET_ZONE):
        assert not any(grid[i]) and not any(grid[-1 - i])
        assert not any(row[i] or row[-1 - i] for row in grid)
    # the window's buttons: copy, the system's share sheet (hidden until the page finds one), close
    box = dialog(html)
    assert 'data-cmd="copy-link"' in box and 'data-cmd="close-share"' in box
    assert re.search(r"data-native-share=\"1\"[^>]* hidden>", box)


def test_copy_puts_the_same_link_on_the_clipboard_and_keeps_the_window():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[2]})
    shown = field_value(dialog(page.send({"type": "cmd", "name": "share"})["html"]))
    resp = page.send({"type": "cmd", "name": "copy-link"})
    assert resp["clipboard"] == shown
    assert resp["toast"] == "Share link copied. It opens this exact position."
    assert "toast_link" not in resp  # the link is in the window, not in the toast
    dialog(resp["html"])  # still open


@pytest.mark.parametrize("close", [{"name": "close-share"}, {"name": "deselect"}], ids=["x", "esc"])
def test_closing_gives_the_focus_back_to_the_button_that_opened_it(close):
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    page.send({"type": "cmd", "name": "share"})
    resp = page.send({"type": "cmd", **close})
    assert "share-dialog" not in resp["html"] and resp["focus"] == "share"
    assert 'data-key="share"' in resp["html"]  # the menu's button, where the focus returns
    assert page.state.session.history.cursor == 1  # closing changed nothing in the game


def test_from_the_game_over_window_and_back():
    page = Page(hash_=finished_link("tsifrograd", 3))
    assert "result-dialog" in page.last["html"]
    html = page.send({"type": "cmd", "name": "share", "arg": "result"})["html"]
    assert "result-dialog" not in html  # the Share window takes its place while open
    assert field_value(dialog(html)).endswith(finished_link("tsifrograd", 3))
    resp = page.send({"type": "cmd", "name": "deselect"})
    assert resp["focus"] == "result-share" and 'data-key="result-share"' in resp["html"]


def test_another_screen_closes_the_window():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "cmd", "name": "share"})
    page.send({"type": "hash", "hash": "#/tsifrograd/rules"})
    assert "share-dialog" not in page.send({"type": "hash", "hash": "#/tsifrograd"})["html"]


@pytest.mark.parametrize("game", list(PLAYABLE))
def test_long_finished_games_give_readable_codes(game):
    """The longest links we have (a game played to its end) still fit a code a phone reads from
    a screen: measured in docs/share.md (DumaRaj's 820-ply game: version 19)."""
    fragment = max((finished_link(game, seed) for seed in range(1, 6)), key=len)
    page = Page(hash_=fragment)
    html = page.send({"type": "cmd", "name": "share"})["html"]
    link = field_value(dialog(html))
    assert link == "http://x/" + fragment
    svg = qr_element(html)
    version = int(svg.get("data-qr").split("-")[0])
    assert version <= 25, (game, len(link), version)
    assert decode(rasterise(svg)) == [link]


def test_a_link_too_long_for_any_qr_code_shows_the_window_without_one():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.state.base = "http://x/" + "a" * 3000 + "/"  # longer than version 40-L holds (2953 bytes)
    html = page.send({"type": "cmd", "name": "share"})["html"]
    box = dialog(html)
    assert "<svg" not in box
    assert "This link is too long for a QR code: copy it or share it instead." in box
    assert len(field_value(box)) > 3000  # the link itself is still there to copy
    assert page.send({"type": "cmd", "name": "copy-link"})["clipboard"] == field_value(box)
    with pytest.raises(segno.DataOverflowError):  # the limit is segno's, not ours
        segno.make(field_value(box), error="l", micro=False)


@pytest.mark.parametrize("tag", list(catalogs.LOCALES))
def test_the_window_speaks_the_readers_language(tag):
    page = Page(hash_="#/tsifrograd/play?vs=human")
    english = dialog(page.send({"type": "cmd", "name": "share"})["html"])
    try:
        catalogs.use_language(tag)
        translated = dialog(page.send({"type": "cmd", "name": "copy-link"})["html"])
    finally:
        catalogs.use_language("en")
    for phrase in ("Share this position", "Copy link", "Share…", "QR code of the share link", "Link to this position"):
        assert phrase in english and phrase not in translated, (tag, phrase)


def test_before_segno_is_loaded_the_window_opens_at_once_and_asks_for_the_code(monkeypatch):
    """The first Share in a page opens without waiting for segno's import (about 1.7 s in
    Pyodide): a "drawing" line, and a follow-up action that draws the code."""
    page = Page(hash_="#/tsifrograd/play?vs=human")
    monkeypatch.setattr(share, "loaded", lambda: False)
    resp = page.send({"type": "cmd", "name": "share"})
    box = dialog(resp["html"])
    assert "Drawing the QR code…" in box and "<svg" not in box
    assert field_value(box).startswith("http://x/#/tsifrograd?r=")
    assert resp["then"] == {"type": "cmd", "name": "share-qr"}
    monkeypatch.undo()
    resp = page.send(resp["then"])
    assert "then" not in resp and decode(rasterise(qr_element(resp["html"]))) == [field_value(resp["html"])]
