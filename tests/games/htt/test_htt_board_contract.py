"""HTT's side of the board contract (docs/board.md): the status-line sentence of each move
(``describe_move``), the move sound, free cells marked as legal targets, ``data-piece`` keys,
``data-from`` and ``data-anim`` on the render after a placement, hint marks, and a selection style
distinct from the last move's. Positions are built through the rules API (``deal.position``)."""

from __future__ import annotations

import re

import webtabletop.games.htt  # noqa: F401  (registers the game)
from webtabletop.core.view import ViewContext
from webtabletop.games.htt import SPEC
from webtabletop.games.htt.rules.deal import position
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.ui.render.board import LAST, SELECT
from webtabletop.games.htt.ui.view import VIEW

BLUE, RED = 0, 1


def placed(options, cells, hand, code="0b2"):
    before = position(options, cells, hands=[[hand], ["111111"]], player=BLUE)
    return before, before.apply_code(code)


def test_a_quiet_placement_names_the_card_and_the_cell():
    before, after = placed(HttOptions(), {}, "511111")
    assert before.decks[BLUE][0].name == "T511111"  # a test position's card: its name is a code
    # ... which no sentence shows: the card is named by its values
    assert VIEW.describe_move(before, after, "0b2") == "Blue plays Card 5-1-1-1-1-1 on b2."
    assert VIEW.move_sound(before, after, "0b2") == "move"


def test_standard_rule_turns_are_named_with_the_reason():
    # digest "The duel": a lower facing value of an enemy neighbour turns (E 5 > 4 on b3)
    before, after = placed(HttOptions(), {"b3": (RED, "111411")}, "513111")
    text = VIEW.describe_move(before, after, "0b2")
    assert text.endswith("on b2 and turns b3 with a higher value.")
    assert VIEW.move_sound(before, after, "0b2") == "capture"


def test_plus_names_both_turned_cells_and_the_rule():
    # "плюс … каждая пара соприкасающихся … цифр … в сумме даёт одно и то же число": 4+5 = 6+3
    cells = {"b3": (RED, "111511"), "a2": (RED, "111113"), "c2": (RED, "112111")}
    before, after = placed(HttOptions(plus=True), cells, "416111")
    assert VIEW.describe_move(before, after, "0b2").endswith("turns a2 and b3 with Plus.")


def test_combo_steps_get_their_own_sentence():
    # "комбо – … каждая перевернувшаяся карта соперника, как бы кладётся на поле в качестве вашей"
    cells = {"b3": (1, "111519"), "a2": (1, "111113"), "c3": (1, "111911"), "c2": (1, "115111")}
    before = position(HttOptions(same=True, combo=True), cells, hands=[["513111"], ["111111"]], player=0)
    after = before.apply_code("0b2")
    text = VIEW.describe_move(before, after, "0b2")
    assert "turns a2 and b3 with Same." in text
    assert text.count("Combo turns") == 1 and "Combo turns c3 and c2." in text


def test_draw_offers_are_described():
    s = SPEC.start(HttOptions(), 1)
    after = s.apply_code("draw")
    who = "Blue" if s.player == 0 else "Red"
    assert VIEW.describe_move(s, after, "draw") == f"{who} offers a draw."


def test_free_cells_are_legal_targets_only_for_the_player_to_move():
    s = SPEC.start(HttOptions(), 1)
    p = s.to_move()
    svg = VIEW.board_svg(s, ViewContext(viewer=p))
    legal = re.findall(r'<g [^>]*class="htt-cell legal"[^>]*>', svg)
    assert len(legal) == 9 and all("data-drop=" in g for g in legal)
    assert svg.count('class="htt-legal-dot"') == 9  # a visible mark on each free cell
    other = VIEW.board_svg(s, ViewContext(viewer=1 - p))
    assert "legal" not in other and "htt-legal-dot" not in other


def test_every_card_has_a_stable_piece_key_and_hidden_keys_carry_no_card_id():
    s = SPEC.start(HttOptions(), 1)
    p = s.to_move()
    svg = VIEW.board_svg(s, ViewContext(viewer=p))
    keys = re.findall(r'data-piece="([^"]*)"', svg)
    assert len(keys) == 10 and len(set(keys)) == 10
    mine = [k for k in keys if k.startswith("w" + "br"[p])]
    theirs = [k for k in keys if k.startswith("w" + "br"[1 - p])]
    assert all(":" in k for k in mine) and all(":" not in k for k in theirs)
    tall = VIEW.board_svg(s, ViewContext(viewer=p), tall=True)
    assert not set(keys) & set(re.findall(r'data-piece="([^"]*)"', tall))


def test_the_placed_card_flies_from_its_hand_key_and_turned_cards_flip():
    before, after = placed(HttOptions(), {"b3": (RED, "111411")}, "513111")
    ctx0 = ViewContext(viewer=BLUE)
    hand_keys = re.findall(r'data-piece="(wb0[^"]*)"', VIEW.board_svg(before, ctx0))
    assert len(hand_keys) == 1
    ctx = ViewContext(viewer=RED, last_move="0b2", previous=before)
    svg = VIEW.board_svg(after, ctx)
    placed_g = re.search(r'<g [^>]*data-anim="place"[^>]*>', svg).group(0)
    # the previous render was drawn for Blue, who saw the card; Red's render keys it as Red saw it
    assert 'data-from="wb0"' in placed_g and "data-changed" in placed_g
    flip_g = re.search(r'<g [^>]*data-anim="flip"[^>]*>', svg).group(0)
    assert "@b3" in flip_g and "data-changed" in flip_g
    # a hover re-render of the same position without last_move plays nothing
    quiet = VIEW.board_svg(after, ViewContext(viewer=RED))
    assert "data-anim" not in quiet and "data-from" not in quiet


def test_the_hint_marks_its_card_and_cell():
    s = SPEC.start(HttOptions(), 1)
    p = s.to_move()
    slot = s.hand_slots(p)[2]
    svg = VIEW.board_svg(s, ViewContext(viewer=p, hint=f"{slot}c1"))
    card = re.search(r'<g [^>]*data-hint="from"[^>]*>', svg).group(0)
    cell = re.search(r'<g [^>]*data-hint="to"[^>]*>', svg).group(0)
    assert f'data-pick="h{slot}"' in card and 'data-pick="c6"' in cell


def test_the_selected_card_does_not_use_the_last_move_colour():
    s = SPEC.start(HttOptions(), 1)
    p = s.to_move()
    slot = s.hand_slots(p)[0]
    svg = VIEW.board_svg(s, ViewContext(viewer=p, selection=f"h{slot}"))
    assert 'class="htt-selected"' in svg and SELECT in svg and LAST not in svg
    assert SELECT != LAST


def test_hand_card_names_start_with_the_cards_name():
    s = SPEC.start(HttOptions(), 1)
    p = s.to_move()
    svg = VIEW.board_svg(s, ViewContext(viewer=p))
    for slot in s.hand_slots(p):
        card = s.decks[p][slot]
        label = re.search(rf'data-pick="h{slot}"[^>]*aria-label="([^"]*)"', svg).group(1)
        # no digit code at the start of a label; the drawn values are aria-hidden
        assert label.startswith(f"{card.name}, level {card.level},")
        assert ", ".join(card.text) in label
        # the card is a button: it holds no text node (its values are <use> of the board's glyphs)
        start = svg.index(f'data-pick="h{slot}"')
        group = svg[start : svg.index("</g>", start)]
        assert "<text" not in group and group.count('<use href="#httg') == 7


def test_the_status_sentence_speaks_russian_with_the_sources_terms():
    # the source's own word for Same: «сейм – если положенная карта соприкасается с как минимум двумя картами»
    from webtabletop.i18n import catalogs

    cells = {"b3": (RED, "111519"), "a2": (RED, "111113")}
    before = position(HttOptions(same=True), cells, hands=[["513111"], ["111111"]], player=BLUE)
    after = before.apply_code("0b2")
    catalogs.use_language("ru")
    try:
        text = VIEW.describe_move(before, after, "0b2")
        prompt = VIEW.prompt(after, ViewContext(viewer=RED))
    finally:
        catalogs.use_language("en")
    assert text.startswith("Синий кладёт ") and text.endswith("переворачивает карты a2 и b3: Сейм.")
    assert prompt.startswith("Выберите карту из руки")
