"""The move log follows a language switch mid-game ("A language switch in the header,
on every screen, keeps the current game and position"): the labels History caches per move code
are made again in the new language, older moves included."""

from __future__ import annotations

from tests.records import first_moves
from webtabletop.core.record import History
from webtabletop.i18n import catalogs


def test_older_moves_are_labelled_again_after_a_language_switch():
    history = History(first_moves("dumaraj", 5, 3))  # its labels name the mob that moves
    try:
        catalogs.use_language("en")
        english = history.log()
        catalogs.use_language("pseudo")
        pseudo = history.log()
    finally:
        catalogs.use_language("en")
    assert len(english) == len(pseudo) == 3
    assert all(a != b for a, b in zip(english, pseudo, strict=True)), (english, pseudo)
    assert history.log() == english  # and back again
