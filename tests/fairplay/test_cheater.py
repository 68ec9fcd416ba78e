"""Cheater tests: one player's browser, with everything it holds, against the other.

"It cannot predict the next die or draw better than chance (a statistical test over many games).
It cannot name any hidden card of the opponent before it is revealed."

Every secret comes from a fixed-seed source, so each run draws the same numbers: the bounds are
mean + 4.5 standard deviations of the binomial (a fair protocol fails them with probability below
1e-5; the fixed seed makes the outcome the same on every run, so nothing can flake). Each test also
runs its cheater on a broken variant (a positive control) to show the statistic does catch a leak.
"""

from __future__ import annotations

import math
from collections import Counter

from webtabletop.fairplay.beacon import Beacon, event_seed, reveal_index, seed_rng, sender
from webtabletop.fairplay.chain import step
from webtabletop.fairplay.group import Group

from .helpers import entropy, play_links

GAMES = 40
LINKS = 32  # events of links 3..32: 30 per game, 1200 in all


def bound(trials: int, p: float) -> float:
    return trials * p + 4.5 * math.sqrt(trials * p * (1 - p))


def die(seed: bytes) -> int:
    return seed_rng(seed).randint(1, 6)


def guesses(game_id: bytes, cheater, link: int) -> list[int]:
    """Every die the cheater can compute from what it holds before link ``link`` arrives: the
    opponent's unknown value replaced by each value derivable from its data."""
    bv = cheater.beacon
    earlier = bv.value(link - 1)  # the cheater's own value, revealed in its last link
    opp = bv.verifiers[sender(link)]  # the mover's chain as far as the cheater has seen it
    last = opp.value  # its latest revealed value (its head before its first reveal)
    candidates = [last, step(last), opp.commitment.head, bytes(16), earlier]
    if link + 1 <= cheater.chain.length * 2:
        candidates.append(cheater.chain.value(min(cheater.chain.length, (link + 1) // 2)))
    return [die(event_seed(game_id, link, earlier, c, "dice")) for c in candidates]


def run_dice(seed_fn):
    hits: Counter = Counter()
    faces: Counter = Counter()
    trials = 0
    for g in range(GAMES):
        game_id = b"dice-%d" % g
        players = play_links(game_id, (entropy("da", g), entropy("db", g)), LINKS)
        for link in range(3, LINKS + 1):
            mover = (link + 1) % 2
            cheater = players[1 - mover]
            # rebuild the cheater's view just before link `link`: drop what it has not received
            truth = seed_fn(cheater.beacon, game_id, link)
            faces[truth] += 1
            view = type("View", (), {})()
            view.beacon = _truncate(cheater.beacon, link - 1)
            view.chain = cheater.chain
            for i, guess in enumerate(guesses(game_id, view, link)):
                hits[i] += guess == truth
            trials += 1
    return trials, hits, faces


def _truncate(beacon, links):
    """The beacon as it stood after ``links`` links (what the cheater had then)."""
    out = Beacon(beacon.game_id)
    for m in range(1, links + 1):
        seat = sender(m)
        com = beacon.verifiers[seat].commitment if m <= 2 else None
        val = beacon.verifiers[seat].value_at(reveal_index(m)) if reveal_index(m) else None
        out = out.add_link(m, com, val)
    return out


def fair_seed(beacon, game_id, link):
    return die(beacon.seed(link, "dice"))


def test_cheater_cannot_predict_the_opponents_die():
    trials, hits, faces = run_dice(fair_seed)
    assert trials == GAMES * (LINKS - 2)
    limit = bound(trials, 1 / 6)
    assert max(hits.values()) <= limit, (hits, limit)
    # and the dice are fair: chi-square with 5 degrees of freedom below its 0.1% point (20.52)
    chi2 = sum((faces[f] - trials / 6) ** 2 / (trials / 6) for f in range(1, 7))
    assert chi2 < 20.52, faces


def test_positive_control_a_seed_without_the_movers_fresh_value_is_predicted():
    # a broken protocol that seeds link m from r_{m-1} and the mover's *previous* value
    def leaky(beacon, game_id, link):
        previous = beacon.verifiers[sender(link)].value_at(reveal_index(link) - 1)
        return die(event_seed(game_id, link, beacon.value(link - 1), previous, "dice"))

    trials, hits, _faces = run_dice(leaky)
    assert max(hits.values()) > bound(trials, 1 / 6)


# --- hidden cards --------------------------------------------------------------------------------

G = Group.default()
SIZE, HAND, DEALS = 8, 2, 150  # a small deck gives the statistic power: chance is 1/(8-2) per guess


def features(x: int) -> tuple[int, ...]:
    """Cheap properties of an x-coordinate a cheater might hope survive encryption."""
    return (x & 1, pow(x, (G.p - 1) // 2, G.p) == 1, x % 3, x >> (G.p.bit_length() - 1))


def name_card(candidates: list[int], observed: list[int], xs) -> int:
    """The candidate card whose element shares the most features with the observed elements."""

    def score(c):
        f = features(xs[c])
        return sum(a == b for o in observed for a, b in zip(f, features(o), strict=True))

    return max(sorted(candidates), key=score)
