"""A cheating player in a Tsifrograd match by links.

Required: "A 'cheater' test per game. It holds everything one player's browser holds, all links
included. It cannot predict the next die or draw better than chance (a statistical test over many
games) ... and altering a revealed value in a link is detected and refused."

The cheater is seat 0's browser: its secret (so its own chain), the match it holds and every link
it received. After sending link m it tries to name the opponent's dice of link m + 1, which come
from seed_{m+1} = H(r_m, r_{m+1}): r_m is its own value, r_{m+1} the opponent's next one.
"""

from __future__ import annotations

import random

import pytest

from webtabletop.core.registry import get_game
from webtabletop.correspondence import Match
from webtabletop.correspondence.store import to_json
from webtabletop.correspondence.turns import DICE, expected_length, side_of
from webtabletop.fairplay.beacon import event_seed, reveal_index, seed_rng
from webtabletop.fairplay.chain import HashChain, step
from webtabletop.fairplay.errors import ChainRefused
from webtabletop.games.tsifrograd.rules import roll_dice

from .helpers import START, entropy, kept_finding, payload, rebuild

OPTIONS = {"radius": 2}
GAMES = 200


def own_chain(match: Match) -> HashChain:
    """The chain a browser rebuilds from the secret it holds."""
    return HashChain(match.secret, expected_length(match.spec, match.state.options, match.seat))


def guesses(cheater: Match) -> dict[str, tuple[int, int]]:
    """Every guess the cheater can make of the opponent's next roll from what it holds."""
    d = cheater.data
    m = d.count + 1  # the opponent's coming link
    chain = own_chain(cheater)
    mine = chain.value(reveal_index(m - 1))
    key = d.key()
    variant = cheater.state.options.variant

    def dice(later: bytes) -> tuple[int, int]:
        return roll_dice(seed_rng(event_seed(key, m, mine, later, DICE)), variant)

    own_next = chain.value(min(reveal_index(m - 1) + 1, chain.length))
    return {
        # the roll the game state itself holds for the opponent (drawn by the rules' own
        # generator at the end of the cheater's turn, from a seed the cheater knew)
        "state": cheater.state.roll,
        # the opponent's missing value replaced by what the cheater holds
        "own value": dice(mine),
        "own next value": dice(own_next),
        "opponent's last value": dice(d.latest[1] or bytes(16)),
        "hash of own value": dice(step(mine)),
        "zeros": dice(bytes(16)),
    }


def run(games: int, opponent_secret_known: bool = False) -> tuple[dict[str, int], int, list[int]]:
    spec = get_game("tsifrograd")
    hits: dict[str, int] = {}
    events = 0
    faces = [0] * 6
    for g in range(games):
        rnd = random.Random(g)
        cheater = Match.create(spec, OPTIONS, g % 2, entropy("cheat/a", g), START)
        friend = Match.join(cheater.link(START), entropy("cheat/b", g), START)
        spy = own_chain(friend) if opponent_secret_known else None
        current, other = friend, cheater
        while True:
            while current.can_move:
                current.play(rnd.choice(list(current.state.legal_moves())).code)
            link = current.link(START)
            if current.is_over:
                break
            other.receive(link)
            if other is friend and friend.can_move:
                # the cheater has just sent link m - 1 and holds everything its browser holds
                g_all = guesses(cheater)
                if spy is not None:
                    m = cheater.data.count + 1
                    mine = own_chain(cheater).value(reveal_index(m - 1))
                    later = spy.value(reveal_index(m))
                    seed = event_seed(cheater.data.key(), m, mine, later, DICE)
                    g_all = {"opponent's secret": roll_dice(seed_rng(seed), "tsifrograd")}
                actual = friend.state.roll
                events += 1
                faces[actual[0] - 1] += 1
                faces[actual[1] - 1] += 1
                for name, guess in g_all.items():
                    hits[name] = hits.get(name, 0) + (guess == actual)
            current, other = other, current
    return hits, events, faces


def test_the_cheater_cannot_predict_the_opponents_dice():
    hits, events, faces = run(GAMES)
    assert events >= 1800
    chance = events / 36  # an exact ordered pair of two dice
    sigma = (events * (1 / 36) * (35 / 36)) ** 0.5
    for name, n in hits.items():
        assert n <= chance + 4 * sigma, (name, n, events)
    # and the opponent's dice are fair: chi-square of the faces, 5 degrees of freedom
    expected = sum(faces) / 6
    chi2 = sum((f - expected) ** 2 / expected for f in faces)
    assert chi2 < 20.5, faces  # p ≈ 0.001


def test_positive_control_the_opponents_secret_predicts_every_roll():
    """The same statistic catches a leak: with the opponent's secret, every roll is named."""
    hits, events, _faces = run(6, opponent_secret_known=True)
    assert events > 40 and hits["opponent's secret"] == events


@pytest.mark.parametrize("whose", ["own", "opponent's"])
def test_the_cheater_cannot_change_a_roll(whose):
    """The cheater forges its next link with a different chain value (its own, to steer its own
    dice; or the opponent's latest, to change the roll it received): refused."""
    spec = get_game("tsifrograd")
    cheater = Match.create(spec, OPTIONS, 0, entropy("steer/a"), START)
    friend = Match.join(cheater.link(START), entropy("steer/b"), START)
    cheater.receive(friend.link(START))
    rnd = random.Random(3)
    while cheater.can_move:
        cheater.play(rnd.choice(list(cheater.state.legal_moves())).code)
    honest = cheater.link(START)  # link 3: carries seat 1's value v_1 and seat 0's v_1
    assert side_of(0, 0) == cheater.role
    # body layout after the date: head0, len0, head1, len1, v1 (seat 1), v0 (seat 0)
    raw_len = len(payload(honest))
    assert raw_len > 0
    d = cheater.data
    v = d.latest[0] if whose == "own" else d.latest[1]

    def change(body):
        at = bytes(body).index(v)
        body[at] ^= 0x80

    forged = rebuild(honest, change, cheater.mac_key(None))  # the cheater makes the link's tag
    before = to_json(friend)
    with pytest.raises(ChainRefused, match="does not match the player's commitment") as info:
        friend.receive(forged)
    with pytest.raises(ChainRefused):
        Match.watch(forged)
    # the tag proves the link the cheater's, so the cheat sticks: the friend's
    # browser keeps the finding and takes no later link of the match, the honest one neither
    kept_finding(friend, before, info.value, honest)
