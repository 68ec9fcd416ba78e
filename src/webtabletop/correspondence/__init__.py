"""Correspondence matches: two browsers play by sending each other "your move" links.

* :mod:`~webtabletop.correspondence.data` — what a match link holds and its binary layout;
* :mod:`~webtabletop.correspondence.turns` — which moves each link carries, the beacon's dice
  injected at the start of every turn (``GameSpec.reseed``), the moves as one number;
* :mod:`~webtabletop.correspondence.link` — ``#/<game>/m?x=…`` text, read through the input boundary;
* :mod:`~webtabletop.correspondence.match` — one browser's view (:class:`Match`);
* :mod:`~webtabletop.correspondence.store` — a match as JSON for the browser's storage;
* :mod:`~webtabletop.correspondence.clock` — days per move and deadlines.

Pure: no I/O, no clock, no global randomness (the caller passes ``now`` and the 32 bytes of the
secret). The protocol and its threat model are in ``docs/fair-play.md`` ("Matches by link").
"""

# imported for their side effect: each hidden-card scheme's match class registers itself with
# Match (match.register), so match.py never imports its own subclasses
from webtabletop.correspondence import cardmatch, chosenmatch, drawnmatch  # noqa: F401
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.match import NEWER, OLDER, SAME, Match

__all__ = ["NEWER", "OLDER", "SAME", "Match", "MatchError"]
