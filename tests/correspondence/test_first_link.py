"""Link 1 carries no tag: what a carrier who changes or replaces it can do.

"Link 1 carries no tag, so whoever carries it can change it unseen: one flipped bit in SHT link
1's proof makes the joiner say the **creator** cheated; a carrier that replaces link 1 with its own
valid first dealing message is accepted; the creator then refuses the honest joiner's link 2 and
says the **joiner** cheated ... Required: A verdict names a seat only when the link that proves the
cheat is provably that seat's ... Show a short match fingerprint, derived from both link keys, on
both match screens ... It must be equal on both screens and differ when link 1 was replaced in
transit." (The forged "second joiner" notice and link 1's date: ``test_end_and_joining.py``.)

Each test plays the carrier's step through the project's match code: it holds the links in transit
and whatever keys of its own it makes, never a player's secret.
"""

from __future__ import annotations

import re

import attrs
import pytest

from webtabletop.core.registry import get_game
from webtabletop.correspondence import NEWER, Match
from webtabletop.correspondence.link import make_link, read_link
from webtabletop.correspondence.store import to_json
from webtabletop.fairplay.deal import DealKeys, make_message1
from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.linkauth import LinkRefused

from .helpers import START, carried, entropy, rebuild

SHT = get_game("sht")
DIGITS = re.compile(r"\d{4} \d{4} \d{4} \d{4}")


def sht_link_1(tag: str):
    creator = Match.create(SHT, {}, 0, entropy(f"first/{tag}/a"), START)
    return creator, carried(creator.link(START))


@pytest.mark.parametrize("where", [-1, -30, -700])
def test_a_flipped_bit_in_sht_link_1s_proof_names_nobody(where):
    """One bit of the proof of shuffle flipped on the way (the checksum made again): the joiner
    refuses link 1 when it opens it, and cannot say whether the creator or the carrier made it, so
    the refusal names nobody and says so."""
    _creator, link1 = sht_link_1("bit")
    fair = read_link(link1).data.fair

    def flip(body):
        at = bytes(body).index(fair) + len(fair) + where  # a byte of the proof, counted from its end
        body[at] ^= 0x04

    changed = rebuild(link1, flip)
    with pytest.raises(DeckRefused) as info:
        Match.join(changed, entropy("first/bit/b"), START)
    assert info.value.seat is None and "cheated" not in str(info.value)
    assert "changed on its way, or it came from someone else" in str(info.value)


def test_a_carrier_replacing_sht_link_1s_deal_is_found_at_link_2_naming_nobody():
    """The carrier keeps the creator's chain head and link key (so the match is the same) and puts
    in its own, valid, first dealing message. The joiner accepts it (its proof holds) and answers;
    the creator refuses that answer as changed on its way — the key of the joiner's tags hashes
    the link 1 the joiner got — and blames nobody: no finding, its match as it was."""
    creator, link1 = sht_link_1("swap")
    opened = read_link(link1)
    keys = DealKeys(Group.default(), entropy("first/swap/carrier"), opened.data.key(), 0, SHT.cards.size)
    own = make_message1(keys).encode(Group.default())
    assert own != opened.data.fair
    replaced = make_link(attrs.evolve(opened.data, fair=own), opened.number, None)
    joiner = Match.join(replaced, entropy("first/swap/b"), START)  # accepted: a valid deal
    link2 = carried(joiner.link(START))
    before = to_json(creator)
    with pytest.raises(LinkRefused, match="changed after it was sent") as info:
        creator.receive(link2, START)
    assert info.value.seat is None and creator.finding is None
    assert to_json(creator) == before
    # the joiner's fingerprint would show it too: the creator never learns the joiner's key here
    assert creator.fingerprint is None and joiner.fingerprint is not None


@pytest.mark.parametrize("game", ["tsifrograd", "sht"])
def test_the_fingerprints_match_unless_link_1_was_replaced_in_transit(game):
    """Honest: both screens show the same 16 digits. A carrier that replaces link 1 in transit
    with a match of its own, and answers the creator's link 1 itself, sits between the two
    players (each link it relays it can make again with its own keys): both players' matches go
    on, and only the fingerprints, compared by voice or in another chat, show it."""
    spec = get_game(game)
    creator = Match.create(spec, {}, 0, entropy(f"fp/{game}/a"), START)
    link1 = carried(creator.link(START))
    assert creator.fingerprint is None  # one key only so far
    # honest
    joiner = Match.join(link1, entropy(f"fp/{game}/b"), START)
    assert joiner.fingerprint is None or DIGITS.fullmatch(joiner.fingerprint)
    honest = from_json_copy(creator)
    assert honest.receive(carried(joiner.link(START)), START) == NEWER
    assert DIGITS.fullmatch(honest.fingerprint) and honest.fingerprint == joiner.fingerprint
    # the carrier: its own match to the joiner, its own answer to the creator
    carrier_creator = Match.create(spec, {}, 0, entropy(f"fp/{game}/carrier-a"), START)
    fake1 = carried(carrier_creator.link(START))
    victim = Match.join(fake1, entropy(f"fp/{game}/b"), START)  # the same joiner, another invitation
    carrier_creator.receive(carried(victim.link(START)), START)
    carrier_joiner = Match.join(link1, entropy(f"fp/{game}/carrier-b"), START)
    fooled = from_json_copy(creator)
    assert fooled.receive(carried(carrier_joiner.link(START)), START) == NEWER
    assert DIGITS.fullmatch(fooled.fingerprint) and DIGITS.fullmatch(victim.fingerprint)
    assert fooled.fingerprint != victim.fingerprint
    # each side agrees with the carrier it is really talking to, as the digits say
    assert fooled.fingerprint == carrier_joiner.fingerprint
    assert victim.fingerprint == carrier_creator.fingerprint
    assert Match.watch(carried(victim.link(START))).fingerprint is None  # a spectator has none


def from_json_copy(match: Match) -> Match:
    from webtabletop.correspondence.store import from_json

    return from_json(to_json(match))
