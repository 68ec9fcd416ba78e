"""Matches started before link 1 was bound (link formats 3 and 4) still open, load and play on.

The fixtures (``fixtures/make_v34_fixtures.py``, made by the code before the change) hold every
link of a match of each game and both players' stored documents after link 6 and after the last
link kept. Required: "match links from the current version must still open ... if a format version
bumps, old versions still read. Saved matches in localStorage must still load."
"""

from __future__ import annotations

import base64
import datetime
import json
import random
from pathlib import Path

import pytest

from webtabletop.correspondence import NEWER, Match
from webtabletop.correspondence.store import from_json, to_json

from .helpers import START, payload
from .test_htt import keen

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = ["tsifrograd", "dumaraj", "sht", "htt", "htt-own", "cardgo"]


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / f"v34_{name}.json").read_text())


def link_format(link: str) -> int:
    return base64.urlsafe_b64decode(payload(link) + "=" * (-len(payload(link)) % 4))[0]


@pytest.mark.parametrize("name", NAMES)
def test_old_links_open_and_old_documents_play_on(name):
    f = fixture(name)
    links = f["links"]
    hidden = f["game"] in ("sht", "htt", "cardgo")
    assert {link_format(link) for link in links} == {4 if hidden else 3}
    # every old link opens for a third person, and the last one gives the game as it was
    for link in links[:: max(1, len(links) // 6)]:
        assert Match.watch(link).data.count == links.index(link) + 1
    if f["complete"]:
        assert Match.watch(links[-1]).verdict == f["verdict"]
    # both players' stored documents load: after link 6, the one that receives link 7 takes it,
    # and the one that sends it makes a new link 7 that the other takes
    m = f["middle"]
    docs = f["docs"]["middle"]  # by seat; link m + 1 is sent by seat m % 2
    sender, receiver = from_json(docs[m % 2]), from_json(docs[1 - m % 2])
    assert (sender.seat, receiver.seat) == (m % 2, 1 - m % 2)
    assert all(not p.data.bound and p.data.first_event == 3 for p in (sender, receiver))
    assert receiver.receive(links[m], START + datetime.timedelta(days=m)) == NEWER
    again = from_json(f["docs"]["middle"][1 - m % 2])
    rnd = random.Random(5)
    play_on(f["game"], sender, again, rnd, START + datetime.timedelta(days=m), hidden, steps=1)
    # and after the last link kept: the documents read back as they were, and play on to the end
    players = [from_json(doc) for doc in f["docs"]["end"]]
    for p, doc in zip(players, f["docs"]["end"], strict=True):
        now = to_json(p)
        assert {k: now[k] for k in doc} == doc  # what the old document held, the same
    if f["complete"]:
        assert all(p.verdict == f["verdict"] for p in players)
        return
    current, other = sorted(players, key=lambda p: not p.my_link)
    end = play_on(f["game"], current, other, rnd, START + datetime.timedelta(days=len(links)), hidden)
    assert end.is_over and end.verified is not False


def play_on(game: str, current, other, rnd, day, hidden: bool, steps: int = 3000):
    """Random moves by links from ``current`` (whose link is next), each link in the match's own
    old format and taken by the other; the browser that received the last link."""
    for _ in range(steps):
        while current.can_move:
            if game == "htt":
                current.play(keen(current.state, rnd))
            else:
                current.play(rnd.choice(list(current.state.legal_moves())).code)
        link = current.link(day)
        assert link_format(link) == (4 if hidden else 3)
        assert other.receive(link, day) == NEWER
        if other.complete if hidden else other.is_over:
            break
        current, other = other, current
    return other


def test_an_old_creator_document_waiting_for_link_2_takes_a_new_answer():
    """A creator's stored match of format 3 that still waits for its friend's answer: the
    friend's app is the new one, which answers in the invitation's own format."""
    f = fixture("tsifrograd")
    doc = f["docs"]["middle"][0]
    link1 = f["links"][0]
    joiner = Match.join(link1, b"\x07" * 32, START)
    assert not joiner.data.bound
    answer = joiner.link(START)
    assert link_format(answer) == 3
    creator_doc = {**doc, "links": [[]], "latest": [None, None], "commitments": [doc["commitments"][0], None]}
    creator_doc["link_keys"] = [doc["link_keys"][0], None]
    creator_doc["date"] = json.loads(json.dumps(Match.watch(link1).data.date))
    creator = from_json(creator_doc)
    assert creator.receive(answer, START) == NEWER
    assert creator.fingerprint == joiner.fingerprint is not None
