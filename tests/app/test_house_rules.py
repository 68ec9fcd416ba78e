"""House rules: declared by the option field, grouped in the new-game dialog,
off by default, listed on the rules page and named in the game's subtitle when on."""

import re

import pytest

from tests.app.harness import Page
from webtabletop.core.house_rules import house_rules, house_rules_on
from webtabletop.core.registry import PLAYABLE, get_game

EXPECTED = {"htt": {"board", "friendly"}, "sht": {"first_turn_rule"}}


@pytest.mark.parametrize("game", PLAYABLE)
def test_house_rules_are_declared_and_off_by_default(game):
    spec = get_game(game)
    rules = house_rules(spec.options_class)
    assert {r.name for r in rules} == EXPECTED.get(game, set())
    assert house_rules_on(spec.default_options()) == []
    for r in rules:  # the house value is a legal value of its field
        opts = spec.options_from_dict({r.name: r.on})
        assert [x.name for x in house_rules_on(opts)] == [r.name]


def _group(html):
    m = re.search(r'<fieldset class="house-rules".*?</fieldset>', html, re.S)
    return m.group(0) if m else ""


@pytest.mark.parametrize("game", ["htt", "sht"])
def test_new_game_dialog_groups_house_rules_off(game):
    page = Page(hash_=f"#/{game}/new")
    html = page.last["html"]
    group = _group(html)
    assert "House rules (not in the designer&#x27;s text)" in group
    names = re.findall(r'name="house:(\w+)"', group)
    assert set(names) == EXPECTED[game]
    assert "checked" not in group  # off by default
    outside = html.replace(group, "")
    if game == "htt":  # the 19-cell board is no longer a plain choice of the board field
        assert 'value="hex19"' not in outside and 'name="friendly"' not in outside
    else:
        assert 'name="first_turn_rule"' not in outside


def _start(page, game, data):
    page.send({"type": "form", "name": "new-game", "data": {"player0": "human", "player1": "human", **data}})
    assert page.last["route"] == "game", page.last["html"][:400]
    return page.state.session.history.record.options


def test_switch_sets_the_house_value_and_the_subtitle_names_it():
    page = Page(hash_="#/htt/new")
    options = _start(page, "htt", {"house:board": "true", "house:friendly": "false", "deck_source": "dealt"})
    assert options == {"board": "hex19"}
    assert "House rule: 19-cell board, 10 cards each" in page.last["html"]
    page = Page(hash_="#/sht/new")
    options = _start(page, "sht", {"house:first_turn_rule": "true"})
    assert options == {"first_turn_rule": False}
    assert "House rule: No first-turn limit" in page.last["html"]
    # the dialog of the game on screen shows its house rule switched on
    page.send({"type": "hash", "hash": "#/sht/new"})
    assert 'name="house:first_turn_rule" checked' in _group(page.last["html"])


def test_switch_off_keeps_the_designers_rules():
    page = Page(hash_="#/sht/new")
    options = _start(page, "sht", {"house:first_turn_rule": "false"})
    assert options == {}
    assert "House rule" not in page.last["html"]


def test_rules_page_lists_house_rules():
    page = Page(hash_="#/htt/rules")
    html = page.last["html"]
    assert "<h2>House rules</h2>" in html and "Friendly table" in html and "19-cell board" in html
    assert "(5–5; 10–10 on the 19-cell board)" in html
    page = Page(hash_="#/dumaraj/rules")
    assert "<h2>House rules</h2>" not in page.last["html"]
