"""Text mode names no card its reader may not know: over whole random games of SHT, HTT and CardGO,
the text board drawn for each player (and for nobody, behind the hot-seat privacy screen) and
every sentence read out to them never name a card hidden from them (the opponent's hand, closed
cards, shields, a stone's value on tall grass); the browser's accessibility tree is checked in
tests/e2e/test_textmode_e2e.py."""

from __future__ import annotations

import random

import pytest

from webtabletop.app.widgets import announce, textmode
from webtabletop.core.registry import get_game
from webtabletop.core.view import ViewContext


class Holder:
    """A game on screen as the announcement path sees it: its view, state and viewer."""

    def __init__(self, view, state, viewer):
        self.view, self.state, self.viewer = view, state, viewer

    def context(self, settings):
        return ViewContext(viewer=self.viewer)


def playout(game: str, seed: int, options=None):
    from webtabletop.app.model.modules import game_view

    spec = get_game(game)
    state = spec.new_game(options or spec.options_class(), seed)
    rng = random.Random(seed)
    states = [(None, None, state)]
    while not state.is_over and len(states) < 120:
        move = rng.choice(state.legal_moves())
        nxt = state.apply(move)
        states.append((state, move.code, nxt))
        state = nxt
    return game_view(game), states


def words_for(view, before, code, state, viewer) -> str:
    """Everything text mode shows and reads to ``viewer`` in ``state``."""
    ctx = ViewContext(viewer=viewer, interactive=True, last_move=code, previous=before)
    tb = view.text_board(state, ctx)
    out = [textmode.text_html(view, state, tb, turn="", last="")]
    if before is not None:
        out += announce.sentences(Holder(view, state, viewer), before, state, code, viewer)
    return "\n".join(out)


def sht_hidden(state, viewer) -> set[str]:
    from webtabletop.games.sht.rules import cards as C

    seen = state.visible_cards(viewer)
    return {C.long_name(c) for c in range(52) if c not in seen}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sht_names_no_hidden_card(seed):
    view, states = playout("sht", seed)
    for before, code, state in states:
        for viewer in (0, 1, None):
            said = words_for(view, before, code, state, viewer)
            hidden = sht_hidden(state, viewer)
            if before is not None:  # a card drawn and played at once was hidden a moment before
                hidden &= sht_hidden(before, viewer)
            leaked = [name for name in hidden if name in said]
            assert not leaked, (code, viewer, leaked)


@pytest.mark.parametrize("seed", [1, 2])
def test_htt_names_no_hidden_card(seed):
    from webtabletop.games.htt.rules.sets.names import card_name

    view, states = playout("htt", seed)
    for before, code, state in states:
        for viewer in (0, 1, None):
            said = words_for(view, before, code, state, viewer)
            hidden_players = state.hidden(viewer)
            shown = {card_name(c) for c in state.cards if c is not None}
            for p in (0, 1):
                if p not in hidden_players:
                    shown |= {card_name(state.decks[p][s]) for s in state.hand_slots(p)}
            secret = {
                card_name(state.decks[p][s]) for p in hidden_players for s in state.hand_slots(p)
            } - shown  # a card of the same name in sight is no secret
            leaked = [name for name in secret if name in said]
            assert not leaked, (code, viewer, leaked)
            if hidden_players - {viewer}:
                assert "hidden card" in said  # the hidden hand is there, as backs


@pytest.mark.parametrize("seed", [1, 2])
def test_cardgo_names_no_card_in_the_other_hand(seed):
    import re

    from webtabletop.games.cardgo.rules.effects import card_text

    view, states = playout("cardgo", seed)
    for before, code, state in states[:40]:
        for viewer in (0, 1):
            said = words_for(view, before, code, state, viewer)
            mine = {card_text(c) for c in state.hands[viewer]}
            for drawn in re.findall(r"You draw (.*?)\.", said):
                assert set(drawn.split(" + ")) <= mine, (code, viewer, drawn)
            tb = view.text_board(state, ViewContext(viewer=viewer, interactive=True))
            other = next(x for x in tb.lists if x.items and x.items[0].owner == 1 - viewer)
            assert all(item.name == other.items[0].name and "hidden" in item.name for item in other.items)
