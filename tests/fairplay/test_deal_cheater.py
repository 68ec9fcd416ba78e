"""Deal v3 cheater test: one browser, with everything it holds, names hidden cards only at chance.

The cheater holds its own secret, both deal messages with their proofs, the shares it received
for its own hand and the shares it sent for the opponent's hand. It guesses each card of the
opponent's hand from cheap features of every point it holds for that position (as
``test_cheater.py`` does for deal v2). The bound is mean + 4.5 standard deviations of the
binomial; secrets come from a fixed-seed source, so each run draws the same numbers. The positive
control (the same cheater holding the opponent's secret too) names every card.
"""

from __future__ import annotations

from webtabletop.fairplay.deal import FIRST, SECOND, DealKeys, make_message1, make_message2
from webtabletop.fairplay.deck import card_table
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.opening import DealTable
from webtabletop.fairplay.points import Points

from .helpers import entropy
from .test_cheater import bound, name_card

G = Group.default()
P = Points.of(G)
SIZE, HAND, DEALS = 8, 2, 120  # chance is 1/(8-2) per guess
THEIRS, MINE = range(0, HAND), range(HAND, 2 * HAND)


def run(deals: int, leak_secret: bool) -> tuple[int, int]:
    xs, index = card_table(G, SIZE)
    hits = trials = 0
    for d in range(deals):
        deck_id = b"cheat-v3-%d" % d
        ka = DealKeys(G, entropy("v3ca", d), deck_id, FIRST, SIZE)
        kb = DealKeys(G, entropy("v3cb", d), deck_id, SECOND, SIZE)
        m1 = make_message1(ka)
        m2 = make_message2(kb, m1)
        pi, sigma = ka.permutation(), kb.permutation()
        order = [pi[sigma[i]] for i in range(SIZE)]
        # the cheater is SECOND in even deals, FIRST in odd ones
        cheater, other = (kb, ka) if d % 2 == 0 else (ka, kb)
        me = DealTable(cheater, m1, m2)
        them = DealTable(other, m1, m2)
        me.receive_shares(MINE, them.shares_for(MINE, b"deal"), b"deal")
        sent = me.shares_for(THEIRS, b"deal").points
        theirs_proof = (m1 if other is ka else m2).proof
        own = [me.opened[p] for p in MINE]
        candidates = [c for c in range(SIZE) if c not in own]
        for j, i in enumerate(THEIRS):
            if leak_secret:  # positive control: the opponent's key opens the share the cheater sent
                x = P.xy(sent[j] * G.inverse(other.key))[0]
                guess = index[x]
            else:
                held = [m2.deck[i], sent[j], theirs_proof.commitments[i], theirs_proof.chain[i]]
                if cheater is kb:
                    held.append(m1.deck[sigma[i]])
                guess = name_card(candidates, [P.xy(h)[0] for h in held], xs)
            hits += guess == order[i]
            trials += 1
    return trials, hits


def test_a_cheater_names_the_opponents_hand_only_at_chance():
    trials, hits = run(DEALS, leak_secret=False)
    assert trials == DEALS * HAND
    assert hits <= bound(trials, 1 / (SIZE - HAND)), hits


def test_positive_control_the_opponents_secret_names_every_card():
    trials, hits = run(12, leak_secret=True)
    assert hits == trials
