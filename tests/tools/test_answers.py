"""The answers to a first visit's first clicks (tools/answers.py): what web/boot.js paints
before the engine is up must be exactly the screen the engine shows for the same clicks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webtabletop.app.shell.app import App
from webtabletop.core.registry import all_games
from webtabletop.core.rng import Rng
from webtabletop.i18n import LANGUAGES
from webtabletop.tools.answers import actions, answers, apply, key_of, kinds, splices, units
from webtabletop.tools.prerender import POOL, entropy, first_boards, first_entropy

DIST = Path(__file__).resolve().parents[2] / "dist"
GAMES = [spec.id for spec in all_games()]
#: two-click answers replayed per board (all one-click answers are)
SAMPLE = 40


def replay(start: dict, key: str) -> dict:
    """A fresh App's screen after ``start`` and the clicks of an answers key."""
    app = App()
    shown = app.handle(start)
    for part in key.split(" "):
        kind, value = part.split(":", 1)
        shown = app.handle({"type": "move", "code": value} if kind == "m" else {"type": "pick", "token": value})
    return shown


def test_boot_keeps_the_clicks_the_answers_are_keyed_by():
    """web/boot.js's keep(): an enabled element's data-move or data-pick, its value unescaped;
    commands and disabled elements have no answer."""
    markup = (
        '<g data-move="a1" class="cell"></g><g data-move="a1"></g>'
        '<button data-pick="h&amp;2" type="button">x</button>'
        '<button data-pick="h3" disabled>y</button><button data-cmd="undo">z</button>'
    )
    assert [key_of(a) for a in actions(markup)] == ["m:a1", "p:h&2"]
    assert kinds(markup) == {"m:a1": "g.cell", "p:h&2": "button."}  # the first element's kind


def test_splices_count_utf16_units_as_javascript_does():
    old, new = "<p>🔥 a</p><i>b</i>", "<p>🔥 a</p><i>c</i>"
    cuts = splices(old, new)
    assert apply(old, cuts) == new
    assert units("🔥") == 2 and cuts == [[units("<p>🔥 a</p><i>"), units("<p>🔥 a</p><i>b"), "c"]]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_answer_is_the_screen_the_engine_shows_for_those_clicks(game_id):
    """Every first click the newcomer's board accepts has an answer, and each answer (a second
    click after a selection too) is, splice for splice, what a fresh engine renders: every one-click
    answer, and of the two-click ones (CardGO's board has 245: five cards on 49 cells) a fixed
    sample of :data:`SAMPLE`, replayed from the key's clicks alone (as web/boot.js keys them)."""
    start = first_boards("test")[f"{game_id}-first-0"]
    made = answers(start)
    base = App().handle(start)
    assert made["base"] == units(base["html"])
    firsts = {key_of(a) for a in actions(base["html"])}
    assert firsts <= set(made["answers"])
    seconds = sorted(key for key in made["answers"] if " " in key)
    if game_id != "tsifrograd":  # a hand card then its cell (a piece then its square): answered
        assert seconds
    checked = sorted(firsts) + Rng.from_seed(25).sample(seconds, min(SAMPLE, len(seconds)))
    for key in checked:
        answer = made["answers"][key]
        shown = replay(start, key)
        assert apply(base["html"], answer["s"], made["x"]) == shown["html"], key
        assert answer["t"] == shown["title"]


def test_the_answered_boards_are_the_newcomers_first_games():
    boards = first_boards("v1")
    assert set(boards) == {f"{g}-first-{k}" for g in GAMES for k in range(POOL)}
    assert boards["tsifrograd-first-2"]["entropy"] == first_entropy("v1", "tsifrograd", 2)
    assert all(b["storage"] == {} and b["hash"].endswith("/play?vs=ai") for b in boards.values())


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_the_newcomer_begins_every_first_board_so_its_first_click_is_answered(version):
    """Where a coin picks who begins (HTT, SHT), a first board the computer began would leave the
    newcomer waiting for the engine's move: each first board is the pool's entropy when the newcomer
    begins, else the next that makes them begin. Every board has clicks, and each has an answer."""
    moved_on = 0
    for name, start in first_boards(version).items():
        app = App()
        shown = app.handle(start)
        assert not app.state.session.wants_ai(), name
        assert actions(shown["html"]), name
        game, _, k = name.rpartition("-first-")
        moved_on += start["entropy"] != entropy(version, game, int(k))
        if game in ("htt", "sht"):
            assert set(answers(start)["answers"]) >= {key_of(a) for a in actions(shown["html"])}, name
    assert moved_on > 0  # some pool entropy gave the computer the first move (16 boards with a coin)


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ is not built")
def test_the_built_answers_fit_the_boards_the_page_paints():
    """Each built answers file names the length of the very board HTML the page paints (web/boot.js
    applies no answer to another), has an answer for every click that board accepts, and is small
    on the wire (Pages gzips JSON)."""
    import gzip

    files = sorted(DIST.glob("pre/*/*.answers.json"))
    assert len(files) == len(LANGUAGES) * len(GAMES) * POOL
    assert {f.parent.name for f in files} == set(LANGUAGES)
    for path in files:
        board = json.loads(path.with_name(path.name.replace(".answers", "")).read_text(encoding="utf-8"))
        made = json.loads(path.read_text(encoding="utf-8"))
        assert made["base"] == units(board["html"]), path
        assert {key_of(a) for a in actions(board["html"])} <= set(made["answers"]), path
        # fetched on the first click: at most about 50 ms on a 10 Mbit/s link (CardGO's, the
        # largest: 49 cells for each of five cards, 35 kB)
        assert len(gzip.compress(path.read_bytes())) < 60_000, path
