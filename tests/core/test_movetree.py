"""The analysis board's move tree (webtabletop.core.movetree), its link (core.variationlink)
and its place in the record file: variations branch, extend, nest and are deleted; the main line
never changes; links and records round-trip in every game, and damaged ones are refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.ai.test_review import played
from webtabletop.core import sharelink, variationlink
from webtabletop.core.movetree import Line, MoveTree, TreeError, check_shape
from webtabletop.core.record import Record, RecordError
from webtabletop.core.registry import PLAYABLE
from webtabletop.core.rng import Rng
from webtabletop.core.sharelink import LinkError


def tree_of(game: str = "tsifrograd", plies: int = 10) -> tuple[Record, MoveTree]:
    record = played(game, ("random", "random"), 3, plies)
    return record, MoveTree(record.replay(), record.moves)


def other(tree: MoveTree, node, avoid: str | None = None) -> str:
    return next(m.code for m in tree.state(node).legal_moves() if m.code != avoid)


def test_variations_branch_extend_nest_and_follow():
    record, tree = tree_of()
    main = record.moves
    node = tree.play((0, 3), main[3])  # the game's own move: followed, nothing new
    assert node == (0, 4) and not tree.variations
    a = other(tree, (0, 3), main[3])
    node = tree.play((0, 3), a)
    assert node == (1, 4) and tree.variations == (Line(0, 3, (a,)),)
    b = other(tree, node)
    node = tree.play(node, b)  # at a variation's end: it grows
    assert node == (1, 5) and tree.lines[1].moves == (a, b)
    assert tree.play((0, 3), a) == (1, 4)  # the same first move follows the variation
    c = other(tree, (1, 4), b)
    assert tree.play((1, 4), c) == (2, 5)  # a variation of the variation
    assert tree.path((2, 5)) == (*main[:3], a, c)
    assert tree.node(2, 4) == (1, 4) and tree.node(1, 3) == (0, 3)  # forks belong to the parent
    assert tree.main_fork((2, 5)) == 3 and tree.branches(1, 4) == [2]
    assert tree.lines[0].moves == main  # the game itself never changes
    check_shape(len(main), tree.variations)
    assert tree.delete(1) == (0, 3) and not tree.variations  # with the variations under it


def test_delete_renumbers_the_rest():
    record, tree = tree_of()
    x = tree.play((0, 2), other(tree, (0, 2), record.moves[2]))
    y = tree.play((0, 5), other(tree, (0, 5), record.moves[5]))
    tree.play(x, other(tree, x))
    tree.play(y, other(tree, y))
    tree.play(y, other(tree, y, tree.lines[2].moves[1]))  # a variation of the second
    assert [v.parent for v in tree.variations] == [0, 0, 2]
    tree.delete(1)
    assert [v.parent for v in tree.variations] == [0, 1] and tree.lines[1].at == 5
    tree.replay()


def test_an_illegal_move_changes_nothing():
    _record, tree = tree_of()
    with pytest.raises(Exception):  # noqa: B017 - the game's own IllegalMove (a GameError)
        tree.play((0, 2), "no such move")
    assert not tree.variations


@pytest.mark.parametrize("game", PLAYABLE)
def test_link_and_record_round_trip(game):
    record, tree = tree_of(game, 12)
    rng = Rng.from_seed(7)
    for start in (2, 5, 5, 8):
        node = (0, min(start, len(record.moves)))
        for _ in range(3):
            state = tree.state(node)
            if state.is_over:
                break
            legal = state.legal_moves()
            node = tree.play(node, legal[rng.next_u64() % len(legal)].code)
    payload = sharelink.encode(record)
    text = variationlink.encode(game, payload, tree)
    back = variationlink.decode(game, payload, text, MoveTree(record.replay(), record.moves))
    assert back.variations == tree.variations
    again = Record.loads(Record(game, {}, record.seed, record.moves, 0, tree.variations).dumps())
    assert again.variations == tree.variations
    MoveTree(record.replay(), record.moves, again.variations).replay()
    assert "variations" not in Record(game, {}, record.seed, record.moves).to_json()  # old form kept


def test_damaged_links_and_records_are_refused():
    record, tree = tree_of()
    tree.play((0, 3), other(tree, (0, 3), record.moves[3]))
    payload = sharelink.encode(record)
    text = variationlink.encode("tsifrograd", payload, tree)
    fresh = lambda: MoveTree(record.replay(), record.moves)  # noqa: E731
    for bad in (text[:-2], text[:-1] + ("A" if text[-1] != "A" else "B"), "!!", ""):
        with pytest.raises(LinkError):
            variationlink.decode("tsifrograd", payload, bad, fresh())
    other_game = sharelink.encode(record.with_moves(record.moves[:-1]))
    with pytest.raises(LinkError):  # the variations belong to one game's link
        variationlink.decode("tsifrograd", other_game, text, fresh())
    data = Record("tsifrograd", {}, record.seed, record.moves).to_json()
    for variations in ("x", [1], [{"parent": 0, "at": 99, "moves": ["1"]}], [{"parent": 1, "at": 1, "moves": ["1"]}]):
        with pytest.raises(RecordError):
            Record.from_json(data | {"variations": variations})
    illegal = Record.from_json(data | {"variations": [{"parent": 0, "at": 1, "moves": ["nope"]}]})
    with pytest.raises(TreeError):
        MoveTree(record.replay(), record.moves, illegal.variations).replay()


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 12), st.integers(0, 10**6)), max_size=12))
def test_any_sequence_of_plays_keeps_the_invariants(steps):
    record, tree = tree_of()
    for line, ply, pick in steps:
        node = tree.node(line, ply)
        state = tree.state(node)
        if state.is_over:
            continue
        legal = state.legal_moves()
        new = tree.play(node, legal[pick % len(legal)].code)
        assert tree.path(new)[:-1] == tree.path(node)
    check_shape(len(record.moves), tree.variations)
    assert tree.lines[0].moves == record.moves
    payload = sharelink.encode(record)
    back = variationlink.decode("tsifrograd", payload, variationlink.encode("tsifrograd", payload, tree), MoveTree(record.replay(), record.moves)) if tree.variations else tree
    assert back.variations == tree.variations
