"""Play a friend by link, as two friends met it: the words and controls of the match screen and
of the "Games with friends" list at each step (parts of a link, the last link, the join screen,
Escape on a question, the end from each player's side), through the app controller only."""

from __future__ import annotations

import html
import re

import pytest

from tests.app.harness import Page
from tests.app.test_match_flow import (  # noqa: F401 (autouse fixtures: the date and the secrets)
    fixed_day,
    fixed_secrets,
    joined,
    open_link,
    play_turn,
    send,
    shared_link,
)
from webtabletop.i18n import catalogs


def text(page: Page) -> str:
    return html.unescape(page.last["html"])


def friends(page: Page) -> str:
    page.send({"type": "hash", "hash": "#/friends"})
    return text(page)


def button(page: Page, key: str) -> str | None:
    found = re.search(rf'data-key="{key}"[^>]*>([^<]*)<', page.last["html"])
    return None if found is None else html.unescape(found.group(1))


def new_match(game: str, options: dict | None = None) -> Page:
    a = Page(hash_=f"#/{game}/new?mode=link")
    a.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": "0", "days": "0", **(options or {})}})
    assert a.last["route"] == "match"
    return a


def to_the_end(game: str, options: dict | None = None) -> tuple[Page, Page, str]:
    """A match of ``game`` played through the screens until the game is over in one browser
    (returned first) that still has a link to send; the other browser second; the last link that
    browser received."""
    a = new_match(game, options)
    play_turn(a)
    b = Page()
    open_link(b, send(a))
    b.send({"type": "cmd", "name": "match-join"})
    play_turn(b)
    link = send(b)
    current, other = a, b
    for _ in range(1500):
        open_link(current, link)
        m = current.state.match_open.match
        if m.is_over:
            return current, other, link
        play_turn(current)
        link = send(current)
        current, other = other, current
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------- parts of a link
def test_parts_here_and_to_come_each_take_their_own_plural():
    """"Parts 3 of 4 … are here" / "Part 1, 3, 4 of 4 … is here" had singular and plural the wrong
    way round: each sentence now takes the plural of its own count."""
    a = new_match("sht")
    texts = send(a).splitlines()
    assert len(texts) == 4
    b = Page()
    open_link(b, texts[2])
    said = text(b)
    assert "Part 3 of 4 of your friend's link is here." in said
    assert "3 more parts are still to come: open them" in said
    for t in (texts[0], texts[3]):
        open_link(b, t)
    said = text(b)
    assert "Parts 1, 3, 4 of 4 of your friend's link are here." in said
    assert "1 more part is still to come: open it" in said


def test_parts_in_russian_agree_with_their_counts():
    a = new_match("sht")
    texts = send(a).splitlines()
    catalogs.use_language("ru")
    try:
        b = Page()
        open_link(b, texts[0])
        first = text(b)
        for t in texts[1:3]:
            open_link(b, t)
        said = text(b)
    finally:
        catalogs.use_language("en")
    assert "Часть 1 из 4 ссылки от друга уже здесь." in first
    assert "Осталось ещё 3 части" in first
    assert "Части 1, 2, 3 из 4 ссылки от друга уже здесь." in said
    assert "Осталась ещё 1 часть" in said


# ---------------------------------------------------------------------- the join screen
def test_the_join_screen_names_nobody_to_move():
    """Before anyone has joined, the turn line said "Orange to move"."""
    a = new_match("tsifrograd", {"radius": "2"})
    b = Page()
    open_link(b, send(a))
    assert b.state.match_open.mode == "join"
    turn = re.search(r'data-key="match-turn">(.*?)</div>', b.last["html"]).group(1)
    assert "to move" not in html.unescape(turn)
    assert "The game begins when you join" in html.unescape(turn)
    assert "data-turn='watch'" in b.last["html"]


# ---------------------------------------------------------------------- Escape
def test_escape_closes_the_resign_question():
    a, b, _first, second = joined()
    open_link(a, second)
    page = a if 'data-key="match-resign"' in a.last["html"] else b
    page.send({"type": "cmd", "name": "match-resign"})
    assert "Resign this game?" in text(page)
    page.send({"type": "cmd", "name": "deselect"})  # web/main.py sends it for Escape
    assert "Resign this game?" not in text(page)
    assert page.last.get("focus") == "match-resign"
    assert not page.state.match_open.match.is_over


# ---------------------------------------------------------------------- the last link
@pytest.mark.parametrize("game", ["htt", "sht"])
def test_the_last_link_is_called_the_last_link(game):
    """SHT's last step said "Send the last link" on a "Send the next link" button; the Share
    window says the same once it is sealed."""
    owes, _other, _link = to_the_end(game)
    m = owes.state.match_open.match
    assert m.can_send and not m.pending
    assert "Send the last link" in text(owes)
    assert button(owes, "match-send") == "Send the last link"
    owes.send({"type": "cmd", "name": "match-send"})
    assert 'id="share-title">Send the last link<' in owes.last["html"]


# ---------------------------------------------------------------------- one action to a copied link
def test_send_your_move_copies_the_link_at_once():
    a = new_match("tsifrograd", {"radius": "2"})
    a.send({"type": "cmd", "name": "match-send"})
    link = shared_link(a)
    assert a.last["clipboard"] == link
    assert a.last["toast"] == "Link copied. Send it to your friend."


def test_a_link_in_parts_is_copied_whole_at_once():
    a = new_match("sht")
    a.send({"type": "cmd", "name": "match-send"})
    assert a.last["clipboard"] == shared_link(a) and len(a.last["clipboard"].splitlines()) == 4
    assert a.last["toast"] == "All the links copied. Send them to your friend."


# ---------------------------------------------------------------------- the end, from each side
def finished(game: str, options: dict | None = None) -> tuple[Page, Page]:
    """A match of ``game`` played to its very end (a game with hidden cards: its last link too)."""
    owes, other, _link = to_the_end(game, options)
    if owes.state.match_open.match.can_send:  # the last link, revealing the secrets
        open_link(other, send(owes))
    return owes, other


def turn_words(page: Page) -> str:
    return html.unescape(re.search(r"<span class='turn-words'>([^<]*)<", page.last["html"]).group(1))


@pytest.mark.parametrize("game", ["tsifrograd", "htt"])
def test_the_end_says_you_won_or_you_lost_with_the_final_score(game):
    a, b = finished(game, {"radius": "2"} if game == "tsifrograd" else None)
    outcome = a.state.match_open.match.state.outcome()
    assert outcome == b.state.match_open.match.state.outcome()
    label, s0, s1 = a.state.match_open.view.score(a.state.match_open.state)
    for page in (a, b):
        role = page.state.match_open.match.role
        words = turn_words(page)
        if outcome.winner is None:
            assert words == "Draw"
        else:
            assert words == ("You won" if outcome.winner == role else "You lost")
        assert "wins" not in words
        mine, theirs = (s0, s1) if role == 0 else (s1, s0)
        assert f"Final score ({label}): you {mine}, your friend {theirs}." in text(page)
        assert 'data-key="match-rematch"' in page.last["html"]


def test_nothing_to_send_again_once_the_friends_last_link_ended_the_game():
    """The player who received the last link has nothing to send: no "Send the link again";
    the player who sent it keeps the button (its friend may not have it yet)."""
    a, b = finished("tsifrograd", {"radius": "2"})
    m_a = a.state.match_open.match
    last_sender, receiver = (a, b) if m_a.data.count % 2 == (1 - m_a.seat) % 2 else (b, a)
    assert 'data-key="match-resend"' in last_sender.last["html"]
    assert 'data-key="match-resend"' not in receiver.last["html"]


def test_a_game_with_hidden_cards_keeps_its_last_link_to_send():
    owes, _other, _link = to_the_end("htt")
    assert 'data-key="match-send"' in owes.last["html"]
    send(owes)
    assert 'data-key="match-resend"' in owes.last["html"]  # the friend's check needs it


def test_rematch_starts_a_new_match_with_the_same_options_and_friend():
    a, b = finished("tsifrograd", {"radius": "2"})
    old = a.state.match_open.match
    a.send({"type": "cmd", "name": "match-rematch"})
    new = a.state.match_open.match
    assert new is not old and new.data.count == 1 and new.options == old.options
    assert new.role == 1 - old.role and new.data.days == old.data.days
    invite = shared_link(a)
    assert a.last["clipboard"] == invite and 'id="share-title">Invite your friend<' in a.last["html"]
    open_link(b, invite)
    assert b.state.match_open.mode == "join"
    b.send({"type": "cmd", "name": "match-join"})
    assert b.state.match_open.match.role == old.role
    listed = friends(a)
    assert listed.count("class='friend-game'") == 2


def test_rematch_of_htt_brings_the_same_table():
    a, b = finished("htt")
    old = b.state.match_open.match
    b.send({"type": "cmd", "name": "match-rematch"})
    new = b.state.match_open.match
    assert new.options == old.options and new.seat == 0 and new.data.count == 1


# ---------------------------------------------------------------------- the friends list
def test_the_list_names_the_link_each_browser_waits_for():
    """With a link sent but not opened, both lists said "Waiting for your friend": each now names
    the link it waits for and the latest link it holds, so the friends can tell which link was
    not opened, and says where to open it."""
    a, b, _first, second = joined()
    # B sent link 2 and A has not opened it: both browsers wait
    listed_b = friends(b)
    assert "Waiting for link 3 from your friend" in listed_b
    assert "you sent link 2 on" in listed_b
    listed_a = friends(a)
    assert "Waiting for link 2 from your friend" in listed_a and "you sent link 1 on" in listed_a
    assert "Has your friend sent link 2? Open it in this browser" in listed_a
    open_link(a, second)
    listed_a = friends(a)
    assert "link 2 from your friend" in listed_a and "Has your friend sent" not in listed_a


# ---------------------------------------------------------------------- a link that cannot be opened
def test_a_cut_off_link_offers_the_way_back_to_the_match():
    a, _b, _first, second = joined()
    cut = second[: len(second) - 12]
    open_link(a, cut)
    assert a.last["route"] == "error"
    page = text(a)
    assert "Back to your game with a friend" in page and 'href="#/friends"' in a.last["html"]
    mid = next(k for k in a.storage if k.startswith("webtabletop:match:")).rsplit(":", 1)[1]
    assert f'href="#/tsifrograd/m?id={mid}"' in a.last["html"]
    a.send({"type": "hash", "hash": f"#/tsifrograd/m?id={mid}"})
    assert a.last["route"] == "match"


def test_a_bad_link_with_no_game_here_offers_the_list_only():
    b = Page()
    b.send({"type": "hash", "hash": "#/tsifrograd/m?x=AAAA"})
    assert b.last["route"] == "error"
    assert "Back to your game with a friend" not in text(b) and 'href="#/friends"' in b.last["html"]


# ---------------------------------------------------------------------- pasting another match's link
def test_a_pasted_link_of_another_match_says_so():
    a, _b, _first, second = joined()
    open_link(a, second)
    here = a.state.match_open.key
    other = new_match("tsifrograd", {"radius": "2"})
    invite = send(other)
    a.send({"type": "form", "name": "match-paste", "data": {"link": invite}})
    assert a.state.match_open.key != here
    assert "The pasted link is of another game with a friend" in text(a)
    # a link of the match on screen says nothing of the kind
    a.send({"type": "hash", "hash": f"#/tsifrograd/m?id={here.rsplit(':', 1)[1]}"})
    a.send({"type": "form", "name": "match-paste", "data": {"link": second}})
    assert a.state.match_open.key == here and "another game" not in text(a)


# ---------------------------------------------------------------------- a reload before sending
def test_a_move_not_sent_stays_in_the_move_list_after_a_reload():
    a, b, _first, second = joined()
    open_link(a, second)
    from tests.app.test_match_flow import to_first_move

    to_first_move(a, b, second)
    page = a if a.state.match_open.match.can_move else b
    code = page.state.match_open.state.legal_moves()[0].code
    page.send({"type": "move", "code": code})
    log = page.last["html"].split("match-log", 1)[1]
    again = Page(page.storage, page.hash)
    assert again.state.match_open.match.pending == (code,)
    assert again.last["html"].split("match-log", 1)[1] == log
    assert "No moves yet." not in again.last["html"]


# ---------------------------------------------------------------------- HTT's draw button by link
def htt_in_play() -> tuple[Page, Page]:
    """An HTT match by link up to the first turn a draw can be offered on (the hands dealt and
    committed, as for a resignation): (the player to move, the other)."""
    a = new_match("htt")
    b = Page()
    open_link(b, send(a))
    b.send({"type": "cmd", "name": "match-join"})
    link = send(b)
    current, other = a, b
    while True:
        open_link(current, link)
        m = current.state.match_open.match
        if m.can_move and m.can_resign:
            return current, other
        play_turn(current)
        link = send(current)
        current, other = other, current


def test_htt_draw_offered_and_accepted_by_link():
    """HTT's digest: "Draw button: if both players press it the game ends 5–5". By link the
    offer and its answer are the match screen's buttons, as DumaRaj's draw by agreement."""
    a, b = htt_in_play()
    assert 'data-key="match-offer-draw"' in a.last["html"]
    assert 'data-move="draw"' not in a.last["html"]  # the panel's own button: not twice
    a.send({"type": "cmd", "name": "match-offer-draw"})
    offer = shared_link(a)
    assert a.last["clipboard"] == offer and "Draw offered" in a.last["toast"]
    a.send({"type": "cmd", "name": "close-share"})
    assert "You offered a draw: your friend answers with their next link." in text(a)
    open_link(b, offer)
    assert b.last["toast"] == "Your friend offers a draw."
    assert "Your friend offers a draw: accept it or decline it." in text(b)
    assert 'data-key="match-draw-accept"' in b.last["html"] and 'data-key="match-draw-decline"' in b.last["html"]
    assert "Your friend offers a draw" in friends(b)
    open_link(b, offer)
    b.send({"type": "cmd", "name": "match-draw-accept"})
    answer = shared_link(b)
    open_link(a, answer)
    assert a.last["toast"] == "Your friend accepted the draw: the game is drawn."
    for page in (a, b):
        outcome = page.state.match_open.match.state.outcome()
        assert outcome.winner is None and outcome.reason == "draw agreed" and outcome.scores == (5.0, 5.0)
    # a game with hidden cards: the last link reveals the secrets, and both end verified
    open_link(b, send(a))
    for page in (a, b):
        m = page.state.match_open.match
        assert m.verified is True and turn_words(page) == "Draw"


def test_htt_draw_declined_by_link_gives_the_turn_back():
    a, b = htt_in_play()
    a.send({"type": "cmd", "name": "match-offer-draw"})
    open_link(b, shared_link(a))
    b.send({"type": "cmd", "name": "match-draw-decline"})
    open_link(a, shared_link(b))
    assert a.last["toast"] == "Your friend declined the draw."
    assert "Your friend declined the draw: the game goes on." in text(a)
    m = a.state.match_open.match
    assert m.can_move and not m.is_over
    assert 'data-key="match-offer-draw"' not in a.last["html"]  # once per turn (the rules)
    # a forged click on the friend's side changes nothing: no offer is open there
    b.send({"type": "cmd", "name": "match-draw-accept"})
    assert not b.state.match_open.match.is_over


def test_dumaraj_draws_stay_annotations():
    from webtabletop.app.match import ruledraws
    from webtabletop.core.registry import get_game

    assert get_game("dumaraj").draw_moves is None and get_game("dumaraj").agreed_draws
    assert get_game("htt").draw_moves == ("draw", "accept", "decline") and not get_game("htt").agreed_draws
    assert ruledraws.OFFER == 0
