"""Fair-play refusals reach the player in the player's language ("Every user-visible
string goes through gettext … toasts, error messages"), with the placeholders filled in."""

from __future__ import annotations

import pytest

from webtabletop.fairplay.chain import ChainVerifier, HashChain
from webtabletop.fairplay.deal import FIRST, SECOND, DealKeys, check_message2, make_message1, make_message2
from webtabletop.fairplay.errors import FairPlayError
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.opening import DealTable, verify_deal
from webtabletop.i18n import catalogs

from .helpers import entropy

G = Group.default()


def said_in(tag: str, bad) -> list[str]:
    """What each of the ``bad`` calls says when it is refused, in language ``tag``."""
    said = []
    try:
        catalogs.use_language(tag)
        for fn in bad:
            with pytest.raises(FairPlayError) as info:
                fn()
            said.append(str(info.value))
    finally:
        catalogs.use_language("en")
    return said


def refusals(tag: str) -> list[str]:
    c = HashChain(entropy("a"), 8)
    ka = DealKeys(G, entropy("a"), b"d", FIRST, 4)
    kb = DealKeys(G, entropy("b"), b"d", SECOND, 4)
    m1 = make_message1(ka)
    m2 = make_message2(kb, m1)
    a, b = DealTable(ka, m1, m2), DealTable(kb, m1, m2)
    a.receive_shares([0], b.shares_for([0]))
    b.receive_shares([3], a.shares_for([3]))
    bad = (
        lambda: ChainVerifier(c.commitment).accept(2, c.value(1)),
        lambda: a.receive_shares([1], b.shares_for([3])),  # opens the card already opened at 3
    )
    return said_in(tag, bad)


@pytest.mark.parametrize("tag", list(catalogs.LOCALES))
def test_refusals_are_translated(tag):
    english, translated = refusals("en"), refusals(tag)
    for en, tr in zip(english, translated, strict=True):
        assert en != tr and "{" not in tr, (tag, en, tr)
    assert "2" in translated[0]  # value number 2


def refusals_v3(tag: str) -> list[str]:
    """Deal v3 refusals: each names the seat that cheated, in the reader's language."""
    ka = DealKeys(G, entropy("a"), b"d", FIRST, 4)
    kb = DealKeys(G, entropy("b"), b"d", SECOND, 4)
    m1 = make_message1(ka)
    m2 = make_message2(kb, m1)
    a, b = DealTable(ka, m1, m2), DealTable(kb, m1, m2)
    b.receive_shares([2], a.shares_for([2]))
    bad = (
        lambda: check_message2(G, b"d", 4, m1, m1),
        lambda: b.receive_shares([3], a.shares_for([2])),
        lambda: a.check_claim([2], [b.opened[2] ^ 1], b.claim([2])),
        lambda: verify_deal(G, b"d", 4, (entropy("a"), entropy("b")), (m1, m2), claims=[(FIRST, 1, 5)]),
    )
    return said_in(tag, bad)


@pytest.mark.parametrize("tag", list(catalogs.LOCALES))
def test_deal_v3_refusals_are_translated_and_name_the_seat(tag):
    english, translated = refusals_v3("en"), refusals_v3(tag)
    for en, tr in zip(english, translated, strict=True):
        assert en != tr and "{" not in tr, (tag, en, tr)
    assert "joined" in english[0] and "started" in english[1] and "joined" in english[2]
    assert "2" in translated[3]  # card position 1 + 1
