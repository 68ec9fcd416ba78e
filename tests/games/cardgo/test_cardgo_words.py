"""Every word CardGO shows goes through gettext: with a marking translation installed, no English
word is left outside the marks in the board, the panel, the prompt, the status, the rules page, the
move sentences and the option help (cell names, numbers and card-code letters aside)."""

from __future__ import annotations

import gettext
import re

import pytest

from webtabletop import i18n
from webtabletop.core.view import ViewContext
from webtabletop.games.cardgo import VIEW
from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.options import CardgoOptions

from .test_cardgo_view import EX4, pos


class Marking(gettext.NullTranslations):
    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"


@pytest.fixture()
def marked():
    i18n.use(Marking(), "pseudo")
    yield
    i18n.use(None)


def _visible(html: str) -> str:
    """Text nodes and aria-labels/titles, without the markup, styles and marked translations."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', html))
    text = re.sub(r"<[^>]+>", " ", html) + " " + labels
    text = text.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    while "⟦" in text:  # nested marks (a translated name inside a translated sentence)
        text = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return text


def _english(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z]{2,}", text)
    return [w for w in words if w not in ("CardGO",)]


def test_nothing_english_is_left_on_any_cardgo_screen(marked):
    game = rules.new_game(CardgoOptions(), 4)
    for code in ("0@e5", "0@e6", "1@d5"):
        game = game.apply(game.move_from_code(code))
    before = pos(EX4, player=1, hands=("", "6"))
    after = before.apply_code("0@c3")
    screens = []
    for s, last in ((game, "1@d5"), (after, "0@c3")):
        for viewer in (0, 1, None):
            ctx = ViewContext(viewer=viewer, last_move=last, hover="h0@a1", selection="h0")
            screens += [VIEW.board(s, ctx), VIEW.panel(s, ctx), VIEW.prompt(s, ctx)]
        screens += [f"{a} {b}" for a, b in VIEW.status(s)]
    screens.append(VIEW.rules_html())
    screens.append(VIEW.describe_move(before, after, "0@c3"))
    screens += list(VIEW.options_help().values())
    screens.append(VIEW.pick(after, ViewContext(viewer=0), "ib3").message or "")
    left = {w for html in screens for w in _english(_visible(html))}
    assert left == set()


def test_player_names_follow_the_language(marked):
    # the shell draws "Green to move", the player pickers and the result with these names
    assert VIEW.player_names == ("⟦Green⟧", "⟦Red⟧")
