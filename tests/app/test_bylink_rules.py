"""Required: "The rules page of each game says what correspondence play guarantees and
what it doesn't." Every rules page carries the section, in the player's language; a game that
cannot be played by link yet says so instead of promising anything."""

from __future__ import annotations

import pytest

from webtabletop.app.match import bylink_rules
from webtabletop.app.shell.app import App
from webtabletop.core.view import esc
from webtabletop.correspondence.support import supports
from webtabletop.i18n import catalogs

GAMES = ["tsifrograd", "dumaraj", "sht", "htt", "cardgo"]


def rules_html(game: str) -> str:
    return App().handle({"type": "hash", "hash": f"#/{game}/rules"})["html"]


@pytest.mark.parametrize("game", GAMES)
def test_every_rules_page_says_what_play_by_link_guarantees(game):
    html = rules_html(game)
    assert "class='by-link'" in html
    if supports(game):
        assert esc("only the two players' browsers can") in html  # who can move
        assert "stop answering" in html  # what a cheater can still do
        assert "checked, not signed" in html  # the known gap, said plainly
        assert esc(bylink_rules.promises_of(game)[0]) in html  # what this game's secrets get
        assert "cannot be played by link yet" not in html
    else:
        assert "cannot be played by link yet" in html
        assert "stop answering" not in html


def test_the_section_speaks_the_players_language():
    catalogs.use_language("ru")
    try:
        html = rules_html("tsifrograd")
    finally:
        catalogs.use_language("en")
    assert "Игра с другом по ссылке" in html
    assert "Кубики получаются из секретных значений" in html
