"""Resign and "Offer a draw" in a game by link, through the app's screens only:
two pages exchange the links their Share windows show; the friends list shows the result."""

from __future__ import annotations

import datetime
import hashlib
import html

import pytest

from tests.app.harness import Page
from tests.app.test_match_flow import fixed_day, open_link, play_turn, send, shared_link  # noqa: F401
from webtabletop.app.match import flow as matchflow


@pytest.fixture(autouse=True)
def fixed_secrets(monkeypatch, request):
    count = [0]

    def secret() -> bytes:
        count[0] += 1
        return hashlib.sha256(f"{request.node.name}/{count[0]}".encode()).digest()

    monkeypatch.setattr(matchflow, "new_secret", secret)


def started(game: str, options: dict | None = None) -> tuple[Page, Page]:
    """A creates a match of ``game``, B joins; both have the first links."""
    a = Page(hash_=f"#/{game}/new?mode=link")
    a.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {"mode": "link", "side": "0", "days": "0", **(options or {})},
        }
    )
    play_turn(a)
    b = Page()
    open_link(b, send(a))
    b.send({"type": "cmd", "name": "match-join"})
    play_turn(b)
    open_link(a, send(b))
    return a, b


def text(page: Page) -> str:
    return html.unescape(page.last["html"])


def friends(page: Page) -> str:
    page.send({"type": "hash", "hash": "#/friends"})
    return text(page)


def test_resign_out_of_turn_by_link():
    a, b = started("tsifrograd", {"radius": "2"})
    waiting = b if a.state.match_open.match.my_link else a
    other = a if waiting is b else b
    assert 'data-key="match-resign"' in waiting.last["html"]
    waiting.send({"type": "cmd", "name": "match-resign"})
    assert "Resign this game?" in text(waiting)
    waiting.send({"type": "cmd", "name": "match-resign-no"})
    assert "Resign this game?" not in text(waiting) and not waiting.state.match_open.match.is_over
    waiting.send({"type": "cmd", "name": "match-resign"})
    waiting.send({"type": "cmd", "name": "match-resign-yes"})
    assert "You resigned. Send the link to your friend." in waiting.last.get("toast", "")
    link = shared_link(waiting)
    open_link(other, link)
    assert "Your friend resigned: you win." in other.last.get("toast", "")
    assert other.state.match_open.match.is_over
    assert " resigns</li>" in text(other)  # the move list ends with the resignation
    assert "(resignation)" in text(other)
    assert 'data-key="match-resign"' not in other.last["html"]
    assert "You won: your friend resigned" in friends(other)
    assert "Your friend won: you resigned" in friends(waiting)


def test_draw_offered_and_accepted_by_link():
    a, b = started("dumaraj")
    a.send({"type": "cmd", "name": "match-offer-draw"})
    offer = shared_link(a)
    assert "You offered a draw" in text(a)
    open_link(b, offer)
    assert "Your friend offers a draw" in text(b)
    assert "Your friend offers a draw" in friends(b)
    open_link(b, offer)
    b.send({"type": "cmd", "name": "match-draw-accept"})
    open_link(a, shared_link(b))
    for page in (a, b):
        outcome = page.state.match_open.match.state.outcome()
        assert outcome.winner is None and outcome.reason == "draw agreed"
        assert "Draw agreed" in friends(page)


def test_draw_declined_by_link_and_the_game_goes_on():
    a, b = started("dumaraj")
    a.send({"type": "cmd", "name": "match-offer-draw"})
    open_link(b, shared_link(a))
    b.send({"type": "cmd", "name": "match-draw-decline"})
    open_link(a, shared_link(b))
    assert "Your friend declined the draw" in text(a)
    assert not a.state.match_open.match.is_over
    assert 'data-key="match-offer-draw"' not in a.last["html"]  # one offer per position


@pytest.mark.parametrize("game", ["htt", "sht", "cardgo"])
def test_resign_a_game_with_hidden_cards_by_link(game):
    """"Every game gets Resign": in the games with hidden cards: the resignation
    reveals the resigner's secret, the friend's "last link" reveals theirs, and both screens show
    the verified end; the friends list says so only once it is verified."""
    a, b = started(game)
    # links 3 to 5: the cards dealt, the first seed the match uses (link 4's), first moves
    for sender, receiver in ((a, b), (b, a), (a, b)):
        play_turn(sender)
        open_link(receiver, send(sender))
    assert a.state.match_open.match.data.count == 5
    assert 'data-key="match-resign"' in a.last["html"] and 'data-key="match-offer-draw"' not in a.last["html"]
    a.send({"type": "cmd", "name": "match-resign"})
    assert "It reveals your secret" in text(a)
    a.send({"type": "cmd", "name": "match-resign-yes"})
    assert 'id="share-title">Send your resignation<' in a.last["html"]
    link = shared_link(a)
    a.send({"type": "cmd", "name": "close-share"})
    assert "Waiting for the last link, which reveals the secrets" in text(a)
    assert "Your friend won: you resigned · not verified yet" in friends(a)
    open_link(b, link)
    assert "Your friend resigned: you win." in b.last.get("toast", "")
    assert "Send the last link: it reveals your secret" in text(b)
    assert 'data-key="match-send"' in b.last["html"] and ">Send the last link<" in b.last["html"]
    answer = send(b)
    open_link(a, answer)
    assert "Your friend's last link arrived: the whole game was checked." in a.last.get("toast", "")
    for page in (a, b):
        m = page.state.match_open.match
        assert m.verified is True and m.state.outcome().reason == "resignation"
        assert m.verdict in text(page)
    assert "Your friend won: you resigned" in friends(a) and "not verified" not in friends(a)
    assert "You won: your friend resigned" in friends(b)


def test_a_resigner_past_the_deadline_sees_its_loss_unverified_and_no_forfeit(fixed_day):  # noqa: F811
    """After resigning a game with hidden cards, a friend who never sends the last link leaves it
    unverified: past the deadline the resigner's screen says so and that the game is its loss,
    and offers no forfeit (a resignation already gave the game away)."""
    a, b = started("htt")
    for sender, receiver in ((a, b), (b, a), (a, b)):
        play_turn(sender)
        open_link(receiver, send(sender))
    a.send({"type": "cmd", "name": "match-resign"})
    a.send({"type": "cmd", "name": "match-resign-yes"})
    m = a.state.match_open.match
    fixed_day[0] = m.reveal_deadline + datetime.timedelta(days=1)
    shown = html.unescape(a.send({"type": "hash", "hash": a.hash})["html"])
    assert "You resigned, so the game counts as your loss." in shown
    assert 'data-key="match-forfeit"' not in shown
    a.send({"type": "cmd", "name": "match-forfeit-yes"})  # a forged click changes nothing
    assert not a.state.match_open.match.forfeit
