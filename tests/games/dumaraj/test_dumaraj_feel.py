"""DumaRaj's board feel: the piece set, the letters preference, the board contract (docs/board.md:
data-piece, data-from, data-anim, data-changed, data-hint, drag and drop, premove), the sentence
naming each move, its sound, and the new-game dialog's fields."""

from __future__ import annotations

import re

import attrs
from _dumaraj_helpers import st

from webtabletop.app.widgets.forms import options_fields
from webtabletop.core.view import ViewContext
from webtabletop.games.dumaraj import SPEC, VIEW
from webtabletop.games.dumaraj.rules.notation import parse_square
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import MOBS
from webtabletop.games.dumaraj.ui import pieceset


def bit(state, name: str) -> int:
    return parse_square(name, state.width, state.height)


def after(state, code: str, **ctx) -> tuple[object, ViewContext]:
    """The state after ``code`` and the context the shell gives its render (last move, previous)."""
    nxt = state.apply_code(code)
    return nxt, ViewContext(last_move=code, previous=state, **ctx)


def pieces_of(svg: str) -> dict[str, str]:
    """``data-piece`` key -> the opening tags of that mob (its group and its picture)."""
    pattern = r'<g [^>]*data-piece="([a-l]\d+)"[^>]*><g[^>]*><svg [^>]*>'
    return {m.group(1): m.group(0) for m in re.finditer(pattern, svg)}


# --- the piece set --------------------------------------------------------------------------------


def test_seven_distinct_silhouettes_two_sides():
    # "РАДЖ ФЭДЖ ЛОДЬ СЛОДЬ ГОНЬ ТРИГОНЬ ПИКСА": seven mobs, each with its own picture
    assert set(pieceset.SHAPES) == set(MOBS)
    assert len({pieceset.SHAPES[k] for k in MOBS}) == 7
    symbols = pieceset.defs()
    for kind in MOBS:
        for side in (0, 1):
            assert f'<symbol id="{pieceset.symbol_id(kind, side)}"' in symbols
    # the sides differ in fill and in their inner lines
    assert pieceset.symbol(1, 0) != pieceset.symbol(1, 1)
    assert pieceset.INKS[0][0] != pieceset.INKS[1][0] and pieceset.INKS[0][2] != pieceset.INKS[1][2]


def test_board_draws_pictures_and_the_letters_preference():
    s = SPEC.start()
    svg = VIEW.board(s, ViewContext())
    # the Grand start: 40 mobs, each a <use> of its side's symbol, symbols defined once
    assert svg.count("<use ") == 40 and svg.count("<symbol ") == 14
    assert 'href="#dr-w1"' in svg and 'href="#dr-b1"' in svg  # both Rajes
    assert not re.search(r">[KQRBNTP]</text>", svg)
    letters = VIEW.board(s, ViewContext(prefs={"letters": True}))
    assert "<use " not in letters and len(re.findall(r">[KQRBNTP]</text>", letters)) == 40
    assert [p[0] for p in VIEW.preferences] == ["letters"]
    # the words stay: every mob's bit names the mob, its side and its bit
    assert "White Raj on f1" in svg and "Black Trigon&#x27; on d10" in svg


def test_rules_page_diagrams_use_the_pictures():
    html = VIEW.rules_html()
    assert html.count('transform="translate(') >= 9  # one mob picture per diagram


# --- the board contract ---------------------------------------------------------------------------


def test_every_mob_has_a_stable_key_and_the_moved_one_says_where_from():
    s = SPEC.start()
    svg = VIEW.board(s, ViewContext())
    keys = pieces_of(svg)
    assert len(keys) == 40 and "b1" in keys and "j10" in keys
    nxt, ctx = after(s, "b1c3")
    moved = pieces_of(VIEW.board(nxt, ctx))
    assert 'data-from="b1"' in moved["c3"] and "b1" not in moved
    assert sum("data-from" in tag for tag in moved.values()) == 1
    # only on the render that follows the move: no context, no motion
    assert "data-from" not in VIEW.board(nxt, ViewContext())


def test_changed_bits_capture_and_check():
    # "ФРАГ ... удаляет с локации моб соперника, занимая его бит"
    s = st("4k3/8/8/3p4/8/8/8/R3K3 w")
    nxt, ctx = after(s, "a1a8")
    svg = VIEW.board(nxt, ctx)
    tags = pieces_of(svg)
    assert 'data-anim="check"' in tags["e8"]  # the Raj under flag
    assert len(re.findall(r"data-changed", svg)) == 2
    s2 = st("4k3/8/8/3p4/8/8/8/3RK3 w")
    nxt2, ctx2 = after(s2, "d1d5")
    tags2 = pieces_of(VIEW.board(nxt2, ctx2))
    assert 'data-anim="capture"' in tags2["d5"] and 'data-from="d1"' in tags2["d5"]
    assert VIEW.move_sound(s2, nxt2, "d1d5") == "capture"
    assert VIEW.move_sound(s, nxt, "a1a8") == "check"
    assert VIEW.move_sound(SPEC.start(), SPEC.start().apply_code("b1c3"), "b1c3") == "move"


def test_flex_moves_both_mobs():
    # "РАДЖ меняется битами со своим мобом ЛОДЬ и СЛОДЬ"
    s = st("4k3/8/8/8/8/8/8/R3K2R w", raj_flex=True)
    nxt, ctx = after(s, "e1h1")
    tags = pieces_of(VIEW.board(nxt, ctx))
    assert 'data-from="e1"' in tags["h1"] and 'data-from="h1"' in tags["e1"]


def test_hint_marks_source_and_target():
    s = SPEC.start()
    svg = VIEW.board(s, ViewContext(hint="b1c3"))
    marked = re.findall(r'data-hint[^>]*data-key="bit-(\d+)"', svg)
    assert sorted(int(x) for x in marked) == sorted([bit(s, "b1"), bit(s, "c3")])


def test_drag_then_drop_is_one_move_even_from_a_selected_mob():
    s = SPEC.start()
    b1, c3 = bit(s, "b1"), bit(s, "c3")
    svg = VIEW.board(s, ViewContext())
    assert f'data-drag="d{b1}"' in pieces_of(svg)["b1"]
    # with nothing selected every destination is already a drop target (a fresh drag has targets)
    assert f'data-drop="t{c3}"' in svg
    for selection in (None, f"s{b1}", f"s{bit(s, 'c2')}"):
        first = VIEW.pick(s, ViewContext(selection=selection), f"d{b1}")
        assert first.selection == f"s{b1}"
        second = VIEW.pick(s, ViewContext(selection=first.selection), f"t{c3}")
        assert second.move == "b1c3"
    # a drop on a bit the mob cannot reach cancels cleanly, with a reason
    miss = VIEW.pick(s, ViewContext(selection=f"s{b1}"), f"t{bit(s, 'b5')}")
    assert miss.move is None and miss.selection is None and miss.message
    # a drag of a mob that cannot move selects nothing and says why
    stuck = VIEW.pick(s, ViewContext(), f"d{bit(s, 'a1')}")
    assert stuck.selection is None and "Lod'" in stuck.message


def test_premove_while_the_ai_thinks():
    s = SPEC.start().apply_code("b1c3")  # Black (the AI) to move; White waits
    assert VIEW.premove
    svg = VIEW.board(s, ViewContext(interactive=False, viewer=1, premove=True))
    tags = pieces_of(svg)
    assert "data-drag" in tags["c3"] and "data-drag" not in tags["b10"]
    assert svg.count("data-drop=") == 100  # every bit in play
    # a view rendered while the AI thinks without ctx.premove offers nothing to queue
    assert 'data-drag="' not in VIEW.board(s, ViewContext(interactive=False, viewer=1))
    # the queued pair is checked in the position after the AI's move
    nxt = s.apply_code("b10c8")
    first = VIEW.pick(nxt, ViewContext(), f"d{bit(nxt, 'c3')}")
    assert VIEW.pick(nxt, ViewContext(selection=first.selection), f"t{bit(nxt, 'd5')}").move == "c3d5"
    illegal = VIEW.pick(nxt, ViewContext(selection=first.selection), f"t{bit(nxt, 'c5')}")
    assert illegal.move is None
    # no drags at all when the game is over
    mate = st("k7/1Q6/1K6/8/8/8/8/8 b")
    assert 'data-drag="' not in VIEW.board(mate, ViewContext(interactive=False, viewer=0, premove=True))


# --- the sentence and the sound of a move -----------------------------------------------------------


def describe(state, code: str) -> str:
    return VIEW.describe_move(state, state.apply_code(code), code)


def test_describe_move_names_mobs_and_bits():
    s = SPEC.start()
    assert describe(s, "b1c3") == "Gon' b1 moves to c3."
    s2 = st("4k3/8/8/3p4/8/8/8/3RK3 w")
    assert describe(s2, "d1d5") == "Lod' d1 takes Pixa d5."
    assert describe(st("4k3/8/8/8/8/8/8/R3K3 w"), "a1a8") == "Lod' a1 moves to a8. Black's Raj is under flag."
    promo = st("4k3/P7/8/8/8/8/8/4K3 w")
    assert describe(promo, "a7a8t") == "Rursus: Pixa a7 moves to a8 and becomes a Trigon'."
    flex = st("3k4/8/8/8/8/8/8/R3K2R w", raj_flex=True)
    assert describe(flex, "e1h1") == "Raj flex: White's Raj e1 swaps with the Lod' h1."
    pair = st("4k3/8/8/8/8/8/8/2RBK3 w", pair_flex=True)
    assert describe(pair, "c1d1") == "Pair flex: White's Lod' c1 swaps with the Slod' d1."


def test_describe_picsbumm_and_editor():
    # "удаляются три моба: 2 ПИКСЫ игрока и Пикса соперника"
    s = st("4k3/8/8/8/4p3/3P4/3P4/4K3 w", picsbumm=True).apply_code("d2d4")
    text = describe(s, "e4d3!")
    assert text.startswith("piCSbumm: the Pixa e4 strikes") and "3 mobs leave" in text
    e = st("8/4k3/8/8/8/8/R3K3/8 w", editor=True).apply_code("e2d3")
    assert describe(e, "-1") == "Editor: White removes rank 1."
    assert describe(e, "-") == "Editor: White keeps the location."


# --- the new-game dialog --------------------------------------------------------------------------


def test_dialog_fields_are_named_and_explained():
    html = options_fields(SPEC, DumaRajOptions(), VIEW)
    labels = re.findall(r'<label for="opt-[a-z_]+">([^<]*)</label>', html)
    assert len(labels) == len(attrs.fields(DumaRajOptions))
    assert "Preset" not in labels  # the app's own preset list is the only "Preset"
    assert "Fen" not in labels and "Start position (position text)" in labels
    helps = VIEW.options_help()
    assert "position written as text" in helps["fen"] and "en passant" in helps["picsbumm"]
    assert VIEW.seed_help() is None  # no chance: no seed field


def test_the_whole_dialog_has_one_preset_and_no_dice():
    from webtabletop.app.model.saves import Players
    from webtabletop.app.widgets.pages import new_game_form
    from webtabletop.games.dumaraj import PRESETS

    fields = options_fields(SPEC, DumaRajOptions(), VIEW)
    html = new_game_form(
        SPEC,
        fields,
        PRESETS,
        Players(("human", "ai"), "normal"),
        seed_help=VIEW.seed_help(),
        preset_labels=VIEW.choice_labels()["_preset"],
        view=VIEW,
    )
    # choices in words, not option values
    assert ">Grand 10×10 with every arbitrary move<" in html and ">Classic 8×8<" in html
    assert ">grand<" not in html and ">grand-all<" not in html
    labels = re.findall(r"<label for=[\"'][^\"']+[\"']>([^<]*)</label>", html)
    assert labels.count("Preset") == 1
    assert "dice" not in html and "opt-seed" not in html  # no chance, no seed field
    assert "White (moves first)" in html and "First player" not in html
