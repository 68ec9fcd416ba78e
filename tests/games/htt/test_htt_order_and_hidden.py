"""Hand order (the deck as arranged, or as dealt) in the rules, the view, the AI and the deck page;
hidden information in the views; the end text; the ply cap."""

from __future__ import annotations

import json
import re

import pytest

from tests.app.harness import Page
from webtabletop.core.record import Record, RecordError
from webtabletop.core.rng import Rng
from webtabletop.core.storage import encode_doc
from webtabletop.core.view import ViewContext
from webtabletop.games.htt import SPEC, VIEW
from webtabletop.games.htt.ai.choose import choose_move
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.rules.state import OVER, PICK, Place
from webtabletop.games.htt.ui.pages.extension import KEY, SCHEMA

DECK = ["emb-7a", "emb-1a", "emb-9a", "emb-3b", "emb-5a"]


def finish(state, seed: int = 1, offers: bool = False):
    rng = Rng(seed)
    while not state.is_over:
        moves = [m for m in state.legal_moves() if offers or m.code != "draw"]
        state = state.apply(moves[rng.randbelow(len(moves))])
    return state


def test_the_view_draws_the_hand_in_hand_order():
    s = SPEC.start(HttOptions(hand0=tuple(DECK), hand1=tuple(DECK)), seed=2)
    p = s.to_move()
    svg = VIEW.board_svg(s, ViewContext(viewer=p))
    labels = re.findall(r'aria-label="([^"]*card \d of your hand[^"]*)"', svg)
    names = [s.decks[p][i].name for i in s.orders[p]]
    assert [x.split(",")[0] for x in labels] == names and "card 1 of your hand" in labels[0]


def test_in_order_the_ai_plays_the_first_card_of_the_dealt_order():
    for seed in range(40):
        s = SPEC.start(HttOptions(in_order=True), seed)
        p = s.to_move()
        if s.orders[p][0] != min(s.orders[p]):  # version 1 would have played another card
            break
    for level in ("easy", "normal"):
        move = choose_move(s, level, seed=3, time_limited=False).move
        assert isinstance(move, Place) and move.slot == s.orders[p][0]


def test_the_opponents_hand_stays_hidden_after_the_game_unless_revealed_or_open():
    # "открытая игра – видны карты противника": only Open (or the player's explicit reveal) shows them
    s = finish(SPEC.start(HttOptions(friendly=True), seed=5))
    assert s.phase == OVER
    left = [p for p in (0, 1) if s.hand(p)]
    assert len(left) == 1
    holder = left[0]
    viewer = 1 - holder
    hidden_name = s.hand(holder)[0].name
    svg = VIEW.board(s, ViewContext(viewer=viewer))
    assert "hidden card" in svg and hidden_name not in svg
    assert s.view(viewer)["hands"][holder] == [
        None if x is None else "?" for x in s.view(viewer)["hands"][holder]
    ]
    revealed = VIEW.board(s, ViewContext(viewer=viewer, reveal_all=True))
    assert "hidden card" not in revealed and hidden_name in revealed
    opened = finish(SPEC.start(HttOptions(friendly=True, open=True), seed=5))
    assert "hidden card" not in VIEW.board(opened, ViewContext(viewer=viewer))


def test_deck_strength_shows_only_what_the_viewer_may_see():
    # "Показывать силу карт создателя стола": the creator's own deck, never the hidden opponent's
    opts = HttOptions(own_deck=True, hand0=("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a"))
    s = SPEC.start(opts, seed=1)
    mine = VIEW.panel(s, ViewContext(viewer=0))
    assert (
        "Deck strength (sum of levels): Blue 15</p>" in mine and "Red" not in mine.split("Deck strength")[1]
    )
    assert "Deck strength" not in VIEW.panel(s, ViewContext(viewer=1))  # Red's hand was dealt, Blue's hidden
    assert "Deck strength" not in VIEW.panel(s, ViewContext(viewer=None))  # behind the privacy screen
    both = HttOptions(
        own_deck=True, open=True, hand0=opts.hand0, hand1=("tid-6a", "tid-7a", "tid-8a", "tid-9a", "tid-10a")
    )
    assert "Blue 15, Red 40" in VIEW.panel(SPEC.start(both, 1), ViewContext(viewer=0))


def test_the_privacy_screen_shows_no_deck_strength():
    c = Collection()
    for cid in ("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a"):
        c.add_card(cid)
    p = Page({KEY: encode_doc(SCHEMA, c.to_json())}, "#/htt/new")
    data = {"player0": "human", "player1": "human", "clock": "none", "seed": "4", "deck_source": "own"}
    data.update({f"deck_{lv}": f"emb-{lv}a" for lv in range(1, 6)})
    p.send({"type": "form", "name": "new-game", "data": data})
    assert p.state.session.state.options.own_deck and p.state.session.needs_privacy_screen()
    assert "Deck strength" not in p.last["html"]


@pytest.mark.parametrize(
    ("options", "viewer", "text"),
    [
        (HttOptions(friendly=True), 0, "A friendly table: no card changes hands."),
        (HttOptions(), 0, "both hands were dealt for this game, so no card changes hands."),
        (
            HttOptions(hand0=("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a")),
            None,
            "only games against the computer",
        ),
        (HttOptions(hand0=("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a")), 0, " and takes "),
        # a game by link: "No card changes hands in a game by link" (its rules page)
        (
            HttOptions(hand0=("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a")),
            (0, "by link"),
            "in a game by link no card changes hands.",
        ),
    ],
)
def test_the_end_text_says_what_really_happens_to_the_card(options, viewer, text):
    # "Игрок, одержавший победу, всегда выбирает одну из пяти карт соперника" — and whether it
    # changes hands depends on where the hands came from
    for seed in range(30):
        s = finish(SPEC.start(options, seed), seed)
        if s.outcome().winner is not None:
            break
    if s.phase == PICK:
        before, code = s, s.legal_moves()[0].code
        s = s.apply_code(code)
        # the pick's sentence never says "takes" beside an end that says no card changes
        # hands; the end text alone says whether it does
        said = VIEW.describe_move(before, s, code)
        assert " picks face-down card " in said and "takes" not in said
        assert "picks face-down card" in before.move_label(before.move_from_code(code))
    ctx = ViewContext(viewer=viewer[0], by_link=True) if isinstance(viewer, tuple) else ViewContext(viewer=viewer)
    prompt = VIEW.prompt(s, ctx)
    assert text in prompt and prompt in VIEW.panel(s, ctx)
    if text != " and takes ":
        assert " and takes " not in prompt


def test_every_game_ends_within_the_ply_cap():
    # one draw offer per turn ("once per own turn") and its refusal, then the placement; the pick last
    for board, cells in (("rhombus9", 9), ("hex7", 7), ("hex19", 19)):
        opts = HttOptions(board=board)
        assert SPEC.ply_cap(opts) == 3 * cells + 1
        s = SPEC.start(opts, 2)
        plies = 0
        while not s.is_over:
            codes = [m.code for m in s.legal_moves()]
            code = "draw" if "draw" in codes else "decline" if "decline" in codes else codes[0]
            s = s.apply_code(code)
            plies += 1
        assert plies == 3 * cells + (s.outcome().winner is not None)
    for seed in range(20):
        s = finish(SPEC.start(HttOptions(board="hex7"), seed), seed, offers=True)
        assert s.is_over
    too_long = Record("htt", {}, 1, ("0a1",) * 29)
    with pytest.raises(RecordError, match="more than a game of Hexagonal Triple Triad can have"):
        too_long.check_length()


def test_the_deck_page_orders_the_deck_and_an_in_order_game_follows_it():
    c = Collection()
    for cid in DECK:
        c.add_card(cid)
    p = Page({KEY: encode_doc(SCHEMA, c.to_json())}, "#/htt/deck")
    for cid in DECK:
        p.send({"type": "form", "name": "deck-add", "data": {"card": cid}})
    stored = lambda: Collection.from_json(json.loads(p.storage[KEY])["data"])  # noqa: E731
    assert stored().deck == DECK
    p.send({"type": "cmd", "name": "deck-up", "arg": "emb-9a"})
    p.send({"type": "cmd", "name": "deck-up", "arg": "emb-9a"})
    p.send({"type": "cmd", "name": "deck-down", "arg": "emb-1a"})
    assert stored().deck == ["emb-9a", "emb-7a", "emb-3b", "emb-1a", "emb-5a"]
    html = p.last["html"]
    order = re.findall(r'<li class="htt-deck-card" data-card="([^"]+)"', html)
    assert order == ["emb-9a", "emb-7a", "emb-3b", "emb-1a", "emb-5a"]
    up = re.search(r'<button[^>]*data-arg="emb-9a"[^>]*>', html).group(0)
    assert "disabled" in up  # the first card cannot move up
    p.send({"type": "hash", "hash": "#/htt/new"})
    names = ", ".join(get_card(x).name for x in stored().deck)
    assert f"Playing order: {names}." in p.last["html"]
    picks = {f"deck_{lv}": cid for cid in DECK for lv in [int(cid.split("-")[1][:-1])]}
    data = {"player0": "human", "player1": "ai", "level": "easy", "clock": "none", "seed": "3"}
    data.update({"deck_source": "own", "in_order": "true", **picks})
    p.send({"type": "form", "name": "new-game", "data": data})
    state = p.state.session.state
    assert state.options.hand0 == ("emb-9a", "emb-7a", "emb-3b", "emb-1a", "emb-5a")
    assert [x.level for x in state.decks[1]] == [9, 7, 3, 1, 5]  # the dealt hand mirrors the order
    if state.to_move() == 0:
        assert {m.slot for m in state.legal_moves() if isinstance(m, Place)} == {0}
