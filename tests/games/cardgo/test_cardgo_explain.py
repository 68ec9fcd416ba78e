"""CardGO explains every effect and terrain where the player meets it (docs/board.md, "Explanation
cards"): a cell with terrain, a stone with an effect and a hand card with an effect carry
``data-info`` and an ``aria-describedby`` naming hidden paragraphs of the board, one per kind,
with the rules' own name and rule in the reader's language."""

from __future__ import annotations

import re

import pytest

from webtabletop.core.view import ViewContext
from webtabletop.games.cardgo import VIEW
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.effects import EFFECTS
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.terrain import LETTERS_BY_ID, TERRAINS
from webtabletop.i18n import _, catalogs

LANGS = ["en", "ru", "zh-Hans", "ja"]
#: every terrain but "none" on a 4×4 board, and a stone of each effect on it (the last two empty)
LETTERS = [LETTERS_BY_ID[t.id] for t in TERRAINS[1:]]
DIAGRAM = "\n".join(
    " ".join(
        (f"G2:{EFFECTS[1 + (4 * r + c) % 12].letter}" if (4 * r + c) < 12 else ".")
        + f"/{LETTERS[(4 * r + c) % 14]}"
        for c in range(4)
    )
    for r in range(4)
)


@pytest.fixture(params=LANGS)
def lang(request):
    catalogs.use_language(request.param)
    yield request.param
    catalogs.use_language("en")


def board_with_everything():
    options = CardgoOptions(size=4, terrain=True, effects=True)
    hand = " ".join(f"3{e.letter}" for e in EFFECTS[1:])
    return position(DIAGRAM.replace("/s", "/l").replace("/T", "/g"), options, hands=(hand, "")), position(
        "\n".join(" ".join(f"./{LETTERS[(4 * r + c) % 14]}" for c in range(4)) for r in range(4)), options
    )


def paragraphs(html: str) -> dict[str, str]:
    block = html[html.index('<div class="info-texts" hidden>') :]
    return dict(re.findall(r'<p id="([^"]+)" class="info-text"[^>]*>(.*?)</p>', block))


def test_every_effect_and_terrain_is_explained_in_the_readers_language(lang):
    stones, ground = board_with_everything()
    ctx = ViewContext(viewer=0)
    html = VIEW.board(stones, ctx) + VIEW.board(ground, ctx)
    panel = VIEW.panel(stones, ctx)
    texts = paragraphs(VIEW.board(stones, ctx)) | paragraphs(VIEW.board(ground, ctx))
    for e in EFFECTS[1:]:
        assert (
            texts[f"cg-info-e{e.id}"] == f"<b>{_(e.name)}</b>" + texts[f"cg-info-e{e.id}"].split("</b>", 1)[1]
        )
        assert _(e.text).replace("'", "&#x27;") in texts[f"cg-info-e{e.id}"], (lang, e.name)
    for t in TERRAINS[1:]:
        assert _(t.text).replace("'", "&#x27;") in texts[f"cg-info-t{t.id}"], (lang, t.name)
    if lang != "en":  # translated, not the English text
        assert "Joy" not in texts["cg-info-e3"] and "Shrub" not in texts["cg-info-t9"]
    # every explained element names paragraphs that are there, each on the page once
    for ids in re.findall(r'data-info aria-describedby="([^"]+)"', html + panel):
        assert all(i in texts for i in ids.split()), ids
    assert all(html.count(f'id="{i}"') <= 2 for i in texts)  # once per board


def test_cells_stones_and_hand_cards_are_described():
    stones, _ground = board_with_everything()
    ctx = ViewContext(viewer=0)
    board, panel = VIEW.board(stones, ctx), VIEW.panel(stones, ctx)
    a1 = re.search(r'<g [^>]*data-key="cell-a1"[^>]*>', board).group(0)
    assert 'aria-describedby="cg-info-t1 cg-info-e1"' in a1  # land, a stone with Indulgence
    assert "<title>" not in board.split('data-key="cell-a1"')[1].split('data-key="cell-a2"')[0]
    cards = re.findall(r'<div [^>]*data-key="card-\d+"[^>]*>', panel)
    assert len(cards) == 12 and all("data-info" in c for c in cards)
    assert 'aria-label="3 Joy: card 3"' in panel and 'aria-describedby="cg-info-e3"' in panel


def test_nothing_to_explain_on_the_newcomers_board():
    plain = position(
        "\n".join([". . . ."] * 3 + [". G2 . ."]),
        CardgoOptions(size=4, terrain=False, effects=False),
        hands=("3", ""),
    )
    ctx = ViewContext(viewer=0)
    board, panel = VIEW.board(plain, ctx), VIEW.panel(plain, ctx)
    assert "data-info" not in board + panel and "info-texts" not in board and "info-hint" not in panel
    assert "<title>" in board  # the browser's own tooltip names a cell that has no card


def test_the_hint_says_how_to_open_a_card_with_a_mouse_and_by_touch():
    stones, _ground = board_with_everything()
    panel = VIEW.panel(stones, ViewContext(viewer=0))
    assert (
        '<span class="on-mouse">Point at a card, a stone or a cell to see what it does (or press I on it).</span>'
        in panel
    )
    assert (
        '<span class="on-touch">Touch and hold a card, a stone or a cell to see what it does.</span>' in panel
    )


def test_a_hidden_hand_explains_nothing():
    # Green's Joy card: explained for Green, not listed for Red (who does not see Green's hand)
    ground = position(
        ". . . .\n. . . .\n. . . .\n. . . ./b",
        CardgoOptions(size=4, terrain=True, effects=True),
        hands=("3J", "4"),
    )
    assert "cg-info-e3" in paragraphs(VIEW.board(ground, ViewContext(viewer=0)))
    red = VIEW.board(ground, ViewContext(viewer=1)) + VIEW.panel(ground, ViewContext(viewer=1))
    assert "hand0-0" not in red and "cg-info-e3" not in red and "cg-info-t9" in red
