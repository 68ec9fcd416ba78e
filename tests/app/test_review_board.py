"""The review's analysis board through the app shell (tests/app/harness.py stands in for the
page), in every game: a move on the board starts a variation, its position gets the engine's
chances and line (a search of its own, one review step), stepping follows the tree, the
variations are shared by link and saved in the record file, both open again, and Delete
removes one. Old review links (no ``v=``) open as before."""

from __future__ import annotations

import json
import re

import pytest

from tests.ai.test_review import played
from tests.app.harness import Page
from tests.app.test_review_screen import run
from webtabletop.core import sharelink
from webtabletop.core.registry import PLAYABLE, get_game


def paused_review(game: str) -> tuple[Page, object]:
    """A finished (hidden cards) or 10-ply game's review, its analysis stopped at once."""
    plies = 400 if get_game(game).hidden_information else 10
    record = played(game, ("random", "random"), 5, plies)
    page = Page(hash_=f"#/{game}/review?r={sharelink.encode(record)}")
    page.send({"type": "cmd", "name": "review-cancel"})
    page.send({"type": "review-step"})  # the step that was on its way when the player cancelled
    return page, record


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_variation_is_played_analysed_shared_and_saved(game):
    page, record = paused_review(game)
    r = page.state.review
    page.send({"type": "cmd", "name": "review-goto", "arg": "3"})
    code = next(m.code for m in r.state().legal_moves() if m.code != record.moves[3])
    resp = page.send({"type": "move", "code": code})
    assert r.node == (1, 4) and resp["then"] == {"type": "review-step"}
    assert "Analysing this position…" in resp["html"]
    resp, steps = run(page, resp)
    assert steps == 1 and r.analysis() is not None  # one search: the position shown
    html = resp["html"]
    assert "class='variation'" in html and "variation-info" in html and "aria-current" in html
    assert "class='review-chances'" in html
    resp = page.send({"type": "cmd", "name": "back"})
    assert r.node == (0, 3) and resp.get("then") is None  # the game's position: analysed by the review
    page.send({"type": "cmd", "name": "forward"})
    assert r.node == (0, 4)  # forward follows the line shown: the game's
    resp = page.send({"type": "cmd", "name": "review-share"})
    link = re.search(r'id="share-link"[^>]*value="([^"]+)"', resp["html"]).group(1).replace("&amp;", "&")
    assert "&v=" in link and "<svg" in resp["html"]  # a QR code of the link
    page.send({"type": "cmd", "name": "copy-link"})
    assert page.last.get("clipboard") == link
    again = Page(hash_=link[link.index("#") :])
    assert again.state.review.tree.variations == r.tree.variations
    saved = page.send({"type": "cmd", "name": "review-save"})["download"]
    data = json.loads(saved["text"])
    assert data["variations"] == [{"parent": 0, "at": 3, "moves": [code]}]
    opened = Page(hash_=f"#/{game}/review")
    opened.send({"type": "import", "key": "review-file", "text": saved["text"], "name": "a.json"})
    assert opened.state.review.tree.variations == r.tree.variations
    page.send({"type": "cmd", "name": "review-node", "arg": "1:4"})
    page.send({"type": "cmd", "name": "review-delete", "arg": "1"})
    assert r.node == (0, 3) and not r.tree.variations


def test_an_old_link_and_a_damaged_v_still_open_the_review():
    record = played("tsifrograd", ("random", "random"), 5, 8)
    payload = sharelink.encode(record)
    page = Page(hash_=f"#/tsifrograd/review?r={payload}")
    assert page.last["route"] == "review" and not page.state.review.tree.variations
    page = Page(hash_=f"#/tsifrograd/review?r={payload}&v=AQEAAwJTf4xy")
    assert page.last["route"] == "review" and not page.state.review.tree.variations
    assert "variations cannot be opened" in page.last["toast"]
