"""Every DumaRaj mob says how it moves where the player meets it (docs/board.md, "Explanation
cards"): each bit holding a mob carries ``data-info`` and an ``aria-describedby`` naming the
board's hidden paragraph of that mob kind, in the reader's language, with the arbitrary moves
agreed for the game and the Trigon' of the agreed degree."""

from __future__ import annotations

import re

import pytest

from webtabletop.core.view import ViewContext
from webtabletop.games.dumaraj import SPEC, VIEW
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import GON, MOBS, PIXA, RAJ, TRIGON
from webtabletop.games.dumaraj.rules.state import state_from_fen
from webtabletop.games.dumaraj.rules.texts import mob_name
from webtabletop.games.dumaraj.ui.explain import mob_rule
from webtabletop.i18n import catalogs


def paragraphs(html: str) -> dict[str, str]:
    block = html[html.index('<div class="info-texts" hidden>') :]
    return dict(re.findall(r'<p id="([^"]+)" class="info-text"[^>]*>(.*?)</p>', block))


@pytest.mark.parametrize("lang", ["en", "ru", "zh-Hans", "ja"])
def test_every_mob_on_the_grand_location_is_explained(lang):
    catalogs.use_language(lang)
    try:
        html = VIEW.board(SPEC.start(), ViewContext())
        texts = paragraphs(html)
        assert set(texts) == {f"dr-info-{k}" for k in MOBS}
        for k in MOBS:
            assert texts[f"dr-info-{k}"].startswith(f"<b>{mob_name(k).replace(chr(39), '&#x27;')}</b>")
        bits = re.findall(r'<g class="bit[^"]*"[^>]*>', html)
        with_mob = [b for b in bits if "data-info" in b]
        assert len(with_mob) == 40  # 20 mobs a side on the Grand location
        assert all(re.search(r'aria-describedby="dr-info-[1-7]"', b) for b in with_mob)
        if lang != "en":
            assert "slides any distance" not in texts[f"dr-info-{MOBS[3].kind}"]
    finally:
        catalogs.use_language("en")


def test_the_rules_follow_the_agreed_moves_and_degree():
    plain = DumaRajOptions()
    everything = DumaRajOptions(
        raj_flex=True, pair_flex=True, warp=True, picsbumm=True, raj_capture=True, trigon_degree=3
    )
    assert "mated" in mob_rule(RAJ, plain) and "whoever frags the enemy Raj wins" in mob_rule(RAJ, everything)
    assert "Raj flex" not in mob_rule(RAJ, plain) and "Raj flex" in mob_rule(RAJ, everything)
    assert "Warp" in mob_rule(GON, everything) and "Warp" not in mob_rule(GON, plain)
    assert "finist line" in mob_rule(PIXA, plain) and "Annihilation" in mob_rule(PIXA, everything)
    assert "2nd degree" in mob_rule(TRIGON, plain) and "zebra" in mob_rule(TRIGON, everything)


def test_an_empty_bit_explains_nothing_and_a_mob_has_no_browser_tooltip():
    s = state_from_fen("k5/6/6/6/6/5K w", DumaRajOptions(fen="k5/6/6/6/6/5K w"))
    html = VIEW.board(s, ViewContext())
    assert html.count("data-info") == 2 and set(paragraphs(html)) == {f"dr-info-{RAJ}"}
    raj = re.search(r'<g [^>]*data-key="bit-5"[^>]*>(.*?)</g>', html).group(0)
    assert "data-info" in raj and "<title>" not in raj


def test_the_hint_says_how_to_open_a_card():
    panel = VIEW.panel(
        state_from_fen("k5/6/6/6/6/5K w", DumaRajOptions(fen="k5/6/6/6/6/5K w")), ViewContext()
    )
    assert "Point at a mob to see how it moves (or press I on it)." in panel
    assert "Touch and hold a mob to see how it moves." in panel
