"""Private draws (an endless source, as CardGO deals) and salted commitments (HTT's chosen hands)."""

from __future__ import annotations

import pytest

from webtabletop.fairplay.commit import commit_hand, open_card, salt
from webtabletop.fairplay.draw import PrivateDraws, open_draw, verify_draws
from webtabletop.fairplay.errors import ClaimRefused

from .helpers import entropy, play_links

GAME = b"game-2"


def test_private_draw_round_trip_and_tampering():
    a, b = play_links(GAME, (entropy("a"), entropy("b")), 6)
    mine = PrivateDraws(a.secret, GAME, 0)
    c = mine.commitment(0)  # sent by seat 0 in link 5
    reply = b.beacon.value(6)  # seat 1's value in link 6 fixes the draw
    card = mine.rng(0, reply).randint(1, 6)
    # played later: seat 0 reveals x_0 and seat 1 replays the same draw
    assert open_draw(GAME, 0, 0, c, mine.value(0), reply).randint(1, 6) == card
    with pytest.raises(ClaimRefused, match="draw number 1"):
        open_draw(GAME, 0, 0, c, mine.value(1), reply)
    verify_draws(a.secret, GAME, 0, {0: c, 1: mine.commitment(1)})
    with pytest.raises(ClaimRefused, match="draw number 2"):
        verify_draws(a.secret, GAME, 0, {0: c, 1: mine.commitment(2)})


def test_chosen_hand_commitments_open_only_to_the_committed_card():
    secret = entropy("htt")
    hand = ["set1/12", "set1/40", "set2/3", "set1/77", "set3/5"]
    cs = commit_hand(secret, GAME, 1, hand)
    assert len(set(cs)) == 5 and all(len(c) == 16 for c in cs)
    s2 = salt(secret, GAME, 1, 2)
    assert open_card(cs[2], s2, "set2/3", 2) == "set2/3"
    with pytest.raises(ClaimRefused, match="slot 3"):
        open_card(cs[2], s2, "set1/12", 2)  # another card for the same slot
    with pytest.raises(ClaimRefused):
        open_card(cs[2], salt(secret, GAME, 1, 3), "set2/3", 2)  # the salt of another slot
