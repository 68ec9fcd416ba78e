"""Play a friend by link, through the app controller: two pages (two browsers) exchange only the
links their Share windows show ("The creator picks a side, plays a first move if it is
theirs, and presses “Send your move”"; "The friend opens the link, takes the other seat, and
plays"; "an older link shows that it is older"; "A link opened by a third person ... is
read-only"; "Each browser keeps its matches in localStorage, in a “Games with friends” list")."""

from __future__ import annotations

import datetime
import hashlib
import html
import json
import re

import pytest

from tests.app.harness import Page
from webtabletop.app.match import flow as matchflow
from webtabletop.app.match import store as matchstore
from webtabletop.app.match.store import MATCH_PREFIX
from webtabletop.app.model import history
from webtabletop.correspondence.support import SUPPORTED, supports

SMALL = {"radius": "2"}  # Tsifrograd's smallest hexagon: 19 cells, a short game


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch):
    """The app reads the date and draws secrets in app/match/flow.py; days pass one per link."""
    day = [datetime.date(2026, 11, 22)]
    monkeypatch.setattr(matchstore, "today", lambda: day[0])
    return day


@pytest.fixture(autouse=True)
def fixed_secrets(monkeypatch, request):
    """Each browser's secret, derived from the test's name and a counter, so that every run of a
    test plays the same games (the secrets decide the dice, the deal and who begins)."""
    count = [0]

    def secret() -> bytes:
        count[0] += 1
        return hashlib.sha256(f"{request.node.name}/{count[0]}".encode()).digest()

    monkeypatch.setattr(matchflow, "new_secret", secret)


def shared_link(page: Page) -> str:
    """The link in the open Share window (what a player copies and sends); a link sent in parts
    (SHT's dealing links): every part, one per line, as "Copy all links" gives them."""
    parts = re.findall(r'class="share-link share-part-link"[^>]*value="([^"]*)"', page.last["html"])
    if parts:
        return "\n".join(html.unescape(p) for p in parts)
    found = re.search(r'class="share-link"[^>]*value="([^"]*)"', page.last["html"])
    assert found, "no Share window"
    return html.unescape(found.group(1))


def create(side=0, days=0, options=SMALL) -> Page:
    page = Page(hash_="#/tsifrograd/new?mode=link")
    page.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": str(side), "days": str(days), **options}})
    assert page.last["route"] == "match"
    return page


def open_link(page: Page, link: str) -> dict:
    """Follow ``link`` (each part in turn, when it came in parts)."""
    for line in link.splitlines():
        answer = page.send({"type": "hash", "hash": line[line.index("#") :]})
    return answer


def send(page: Page) -> str:
    page.send({"type": "cmd", "name": "match-send"})
    link = shared_link(page)
    page.send({"type": "cmd", "name": "close-share"})
    return link


def joined(side=0) -> tuple[Page, Page, str, str]:
    """A creates a match, B joins from link 1 and sends link 2: (a, b, link 1, link 2)."""
    a = create(side=side)
    first = send(a)
    b = Page()
    open_link(b, first)
    b.send({"type": "cmd", "name": "match-join"})
    return a, b, first, send(b)


def to_first_move(a: Page, b: Page, second: str) -> None:
    """After link 2 (``second``), the links that carry no move yet: link 3, and link 4 when the
    joiner does not begin (the first dice come from link 4's seed)."""
    open_link(a, second)
    sender, receiver = a, b
    while not a.state.match_open.match.can_move and not b.state.match_open.match.can_move:
        open_link(receiver, send(sender))
        sender, receiver = receiver, sender


def play_turn(page: Page) -> None:
    """The first legal move, as long as this browser may move (its board offers moves)."""
    while page.state.match_open.match.can_move:
        legal = [m.code for m in page.state.match_open.state.legal_moves()]
        assert "data-move=" in page.last["html"] or "data-pick=" in page.last["html"]  # a live board
        page.send({"type": "move", "code": legal[0]})


def test_supported_games():
    assert frozenset({"tsifrograd", "dumaraj", "sht", "htt", "cardgo"}) == SUPPORTED
    assert all(supports(game) for game in SUPPORTED) and not supports("chess")


def test_full_match_between_two_pages_by_links_only(fixed_day):
    a = create(side=0, days=3)
    key = next(k for k in a.storage if k.startswith(MATCH_PREFIX))
    stored = json.loads(a.storage[key])["data"]["match"]
    assert stored["seat"] == 0 and len(bytes.fromhex(stored["secret"])) == 32
    link = send(a)
    assert link.startswith("http://x/#/tsifrograd/m?x=")
    assert stored["secret"] not in link
    b = Page()
    open_link(b, link)
    assert b.state.match_open.mode == "join" and "Join this game as Blue?" in b.last["html"]
    assert not any(k.startswith(MATCH_PREFIX) for k in b.storage)  # nothing saved before joining
    b.send({"type": "cmd", "name": "match-join"})
    assert b.state.match_open.mode == "play" and b.hash.startswith("#/tsifrograd/m?id=")
    current, other = b, a
    links = [link]
    for _ in range(200):
        m = current.state.match_open.match
        if m.is_over:
            break
        play_turn(current)
        fixed_day[0] += datetime.timedelta(days=1)
        links.append(send(current))
        assert "Waiting for your friend" in current.last["html"] or current.state.match_open.match.is_over
        open_link(other, links[-1])
        assert other.state.match_open.match.data == current.state.match_open.match.data
        current, other = other, current
    a_match, b_match = a.state.match_open.match, b.state.match_open.match
    assert a_match.is_over and b_match.is_over
    assert a_match.state.snapshot() == b_match.state.snapshot()
    assert len(links) > 10
    # the list on the home page says how each game ended, from each side
    a.send({"type": "hash", "hash": "#/"})
    assert "Games with friends" in a.last["html"] and "data-status='over'" in a.last["html"]
    # reloading either browser rebuilds the match from its storage alone
    again = Page(b.storage, b.hash)
    assert again.state.match_open.match.data == b_match.data


def test_older_link_keeps_the_newer_game_and_says_so():
    a, b, first, second = joined()
    open_link(a, second)
    assert a.state.match_open.match.data.count == 2
    before = dict(a.storage)
    open_link(a, first)  # an older link
    assert a.state.match_open.match.data.count == 2
    assert "This link is older than the game you have: showing the latest position." in a.last["html"]
    assert a.storage == before


def test_third_browser_is_read_only():
    _a, _b, _first, second = joined()
    c = Page()
    open_link(c, second)
    assert c.state.match_open.mode == "watch" and "Read-only" in c.last["html"]
    assert "data-move=" not in c.last["html"]
    c.send({"type": "move", "code": "0"})
    assert "only its two players can move" in c.last["html"]
    assert not any(k.startswith(MATCH_PREFIX) for k in c.storage)


def test_bad_link_is_a_clear_message_and_changes_nothing():
    a = create()
    link = send(a)
    broken = link[:-3] + ("AAA" if not link.endswith("AAA") else "BBB")
    before = dict(a.storage)
    open_link(a, broken)
    assert a.last["route"] == "error" and "cannot be opened" in a.last["html"]
    assert a.storage == before
    # pasted into the waiting screen: the message shows there, the game stays
    _a, b, _first, _second = joined()
    b.send({"type": "form", "name": "match-paste", "data": {"link": "hello"}})
    assert b.last["route"] == "match" and "Paste the whole link" in b.last["html"]
    b.send({"type": "form", "name": "match-paste", "data": {"link": broken}})
    assert b.last["route"] == "match" and 'role="alert"' in b.last["html"]


def test_undo_takes_back_a_move_not_sent():
    a, b, _first, second = joined(side=0)
    to_first_move(a, b, second)
    assert a.state.match_open.match.can_move
    code = a.state.match_open.state.legal_moves()[0].code
    a.send({"type": "move", "code": code})
    assert a.last.get("moved") and a.state.match_open.match.pending == (code,)
    a.send({"type": "cmd", "name": "undo"})
    assert a.state.match_open.match.pending == () and a.state.match_open.match.can_move


def test_delete_asks_first():
    a = create()
    key = next(k for k in a.storage if k.startswith(MATCH_PREFIX))
    a.send({"type": "hash", "hash": "#/friends"})
    assert "Your move" in a.last["html"]
    a.send({"type": "cmd", "name": "match-delete", "arg": key})
    assert key in a.storage and "Delete this game?" in a.last["html"]
    a.send({"type": "cmd", "name": "match-delete-yes", "arg": key})
    assert key not in a.storage and "No games with friends yet" in a.last["html"]


def test_unsupported_game_offers_no_link_play(monkeypatch):
    """A game the match model does not play (``support.py``) is not offered, and its links fail."""
    from webtabletop.correspondence import support

    monkeypatch.setattr(support, "SUPPORTED", SUPPORTED - {"cardgo"})
    page = Page(hash_="#/cardgo/new")
    assert "Play a friend by link" not in page.last["html"]
    page.send({"type": "hash", "hash": "#/cardgo/m?x=AAAA"})
    assert page.last["route"] == "error"


def test_another_tab_moving_the_match_on_is_shown():
    a, b, first, second = joined()
    other_tab = Page(a.storage, a.hash)  # the same browser, a second tab on the same match
    open_link(other_tab, second)
    key = a.state.match_open.key
    a.send({"type": "storage", "key": key, "value": other_tab.storage[key]})
    assert not a.last.get("quiet") and a.state.match_open.match.data.count == 2


def test_an_older_document_restored_shows_the_older_game():
    """"Match cache bug": the app caches rebuilt matches by their stored text and then
    changes the cached object in place; once an older document is restored (another tab, an
    import), the page must show that older game, not the newer one it changed in place."""
    a, b, first, second = joined()
    key = a.state.match_open.key
    older = a.storage[key]
    open_link(a, second)  # the match on screen moves on (the cached object changes in place)
    assert a.state.match_open.match.data.count == 2
    a.send({"type": "storage", "key": key, "value": older})  # the older document restored
    assert a.state.match_open.match.data.count == 1
    open_link(a, second)
    assert a.state.match_open.match.data.count == 2


def test_dumaraj_by_link_black_sees_its_own_side_and_the_secret_stays_home():
    a = Page(hash_="#/dumaraj/new?mode=link")
    a.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": "1", "days": "0"}})
    assert a.state.match_open.match.role == 1
    first = send(a)
    b = Page()
    open_link(b, first)
    b.send({"type": "cmd", "name": "match-join"})
    assert b.state.match_open.match.role == 0 and b.state.match_open.match.can_move  # White moves in link 2
    play_turn(b)
    second = send(b)
    open_link(a, second)
    assert a.state.match_open.match.can_move and a.state.match_open.context({}).flipped is (
        a.state.match_open.view.flippable
    )
    for page in (a, b):
        secret = page.state.match_open.match.secret.hex()
        assert secret not in page.last["html"] and secret not in first + second


def test_export_and_import_keep_games_with_friends():
    a, _b, _first, second = joined()
    open_link(a, second)
    key = a.state.match_open.key
    a.send({"type": "hash", "hash": "#/data"})
    asked = a.send({"type": "cmd", "name": "export-all"})
    assert "download" not in asked and "hold their secrets" in html.unescape(asked["html"])
    text = a.send({"type": "cmd", "name": "export-all-secrets"})["download"]["text"]
    fresh = Page()
    fresh.send({"type": "import", "text": text, "name": "mine.json"})
    assert fresh.storage[key] == a.storage[key]
    fresh.send({"type": "hash", "hash": "#/friends"})
    assert "data-status='mine'" in fresh.last["html"]
    # a match stored under another match's name is refused, and nothing is imported
    data = json.loads(text)
    data["documents"][key.rsplit(":", 1)[0] + ":0000000000000000"] = data["documents"].pop(key)
    other = Page()
    other.send({"type": "import", "text": json.dumps(data), "name": "changed.json"})
    assert not any(k.startswith(MATCH_PREFIX) for k in other.storage)


def test_an_export_may_leave_the_secrets_out():
    """Required: "'Export all data' includes every running match's secret, with no warning. Warn
    in the export dialog, or offer to leave the secrets out." Left out, the file holds no secret
    and the game opens read-only from it."""
    a, _b, _first, second = joined()
    open_link(a, second)
    key = a.state.match_open.key
    secret = json.loads(a.storage[key])["data"]["match"]["secret"]
    a.send({"type": "hash", "hash": "#/data"})
    a.send({"type": "cmd", "name": "export-all"})
    text = a.send({"type": "cmd", "name": "export-all-no-secrets"})["download"]["text"]
    assert secret not in text and "hold their secrets" not in a.last["html"]
    fresh = Page()
    fresh.send({"type": "import", "text": text, "name": "safe.json"})
    stored = json.loads(fresh.storage[key])["data"]["match"]
    assert stored["secret"] is None and stored["seat"] is None
    fresh.send({"type": "hash", "hash": "#/friends"})
    fresh.send({"type": "hash", "hash": f"#/tsifrograd/m?id={key.rsplit(':', 1)[1]}"})
    assert not fresh.state.match_open.match.can_move and fresh.state.match_open.match.role is None
    # nothing to ask when no game holds a secret
    assert "download" in Page(hash_="#/data").send({"type": "cmd", "name": "export-all"})


def test_days_per_move_give_a_deadline_and_say_when_it_has_passed(fixed_day):
    a = create(days=2)
    send(a)
    assert "The next link is due by 2026-11-24." in a.last["html"]
    fixed_day[0] = datetime.date(2026, 11, 25)
    a.send({"type": "hash", "hash": "#/friends"})
    assert "late since 2026-11-24" in a.last["html"]
    a.send({"type": "hash", "hash": a.hash})
    assert "The next link was due by 2026-11-24: it is late." in a.last["html"]


@pytest.mark.parametrize("deal", [1, 2, 3])
@pytest.mark.parametrize("game", ["sht", "htt", "tsifrograd", "dumaraj", "cardgo"])
def test_every_game_by_link_plays_to_the_end_and_is_checked(game, deal):
    """Through the app only (what the screens offer), both browsers reach the end-of-game check.
    A game with hidden cards ends with one more link, which carries the secrets ("At the end of
    the game, both keys are revealed and the whole game is verified"). Three matches per game, each
    from its own fixed pair of secrets (derived from the test id)."""
    a = Page(hash_=f"#/{game}/new?mode=link")
    a.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": "0", "days": "0"}})
    assert a.last["route"] == "match"
    play_turn(a)  # DumaRaj's White moves in link 1
    b = Page()
    open_link(b, send(a))
    b.send({"type": "cmd", "name": "match-join"})
    play_turn(b)
    pages = {"a": a, "b": b}
    link = send(b)
    current, other = a, b
    for _ in range(1500):
        open_link(current, link)
        m = current.state.match_open.match
        if not m.my_link:
            break
        play_turn(current)
        assert current.state.match_open.match.can_send
        assert "data-turn='send'" in current.last["html"] or 'data-turn="send"' in current.last["html"]
        link = send(current)
        current, other = other, current
    for page in pages.values():
        m = page.state.match_open.match
        assert m.is_over and not m.my_link
        assert m.verdict is not None and m.verdict.startswith("Verified"), m.verdict
        assert m.verdict in html.unescape(page.last["html"])
        # the verified end holds every card (the secrets are out), and the board shows them all
        assert page.state.match_open.context({}).reveal_all == (game in ("sht", "htt", "cardgo"))
        if game == "cardgo":  # no stone's value stays hidden in tall grass
            assert "hidden in" not in html.unescape(page.last["html"])
            assert ">?</text>" not in page.last["html"]
    assert a.state.match_open.match.state.outcome() == b.state.match_open.match.state.outcome()
    # the finished game is in each player's history of finished games, once, as a verified game
    # with this friend, each side's outcome its own; opening the last link again adds nothing
    winner = a.state.match_open.match.state.outcome().winner
    kept = {}
    for name, page in pages.items():
        (e,) = history.entries(page.storage)[0]
        assert e.kind == "friend" and e.check == "verified" and e.winner == winner
        assert e.outcome == ("drawn" if winner is None else "won" if winner == e.side else "lost")
        kept[name] = e
    assert kept["a"].id == kept["b"].id and kept["a"].side != kept["b"].side
    open_link(current, link)
    assert len(history.entries(current.storage)[0]) == 1
    # the move list shows every move of the game, the same in both browsers
    logs = [p.last["html"].split("match-log", 1)[1].split("</ol></div></div>", 1)[0] for p in (a, b)]
    assert logs[0] == logs[1] and logs[0].count("<li") > 5


def test_invitation_and_join_say_what_the_link_holds():
    # the invitation was titled "Send your move" before any move, and a friend who
    # merely joined was announced as "Your friend's move arrived"
    a = create(side=0)
    a.send({"type": "cmd", "name": "match-send"})
    assert 'id="share-title">Invite your friend<' in a.last["html"]
    first = shared_link(a)
    a.send({"type": "cmd", "name": "close-share"})
    assert "Waiting for your friend to join." in a.last["html"]
    b = Page()
    open_link(b, first)
    b.send({"type": "cmd", "name": "match-join"})
    if not b.state.match_open.match.data.moves:  # the friend answers without a move
        b.send({"type": "cmd", "name": "match-send"})
        assert 'id="share-title">Send your answer<' in b.last["html"]
        second = shared_link(b)
        b.send({"type": "cmd", "name": "close-share"})
    else:
        second = send(b)
    open_link(a, second)
    moved = bool(a.state.match_open.match.data.moves)
    said = a.last.get("toast") or ""
    assert ("Your friend's move arrived." in said) == moved
    assert ("Your friend has joined the game." in said) == (not moved)
    # link 3 holds no move yet (the first dice wait for link 4's seed), and says why
    a.send({"type": "cmd", "name": "match-send"})
    assert 'id="share-title">Send your answer<' in a.last["html"]
    assert "both of you add to the first dice" in html.unescape(a.last["html"])
    a.send({"type": "cmd", "name": "close-share"})
    to_first_move(a, b, second)
    play_turn(a)
    a.send({"type": "cmd", "name": "match-send"})
    assert 'id="share-title">Send your move<' in a.last["html"]


def test_sht_dealing_links_say_what_they_hold():
    """SHT's dealing links (sent in parts) used to be titled "Send your move" before any move.
    Each Share window names what its link holds, and the send button says the same."""
    a = Page(hash_="#/sht/new?mode=link")
    a.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": "0", "days": "0"}})
    b = Page()
    titles: list[str] = []
    buttons: list[str] = []
    sender, other = a, b
    link = None
    while True:
        if link is not None:
            open_link(sender, link)
            if sender is b and sender.state.match_open.mode == "join":
                sender.send({"type": "cmd", "name": "match-join"})
        m = sender.state.match_open.match
        if m.can_move:
            break
        buttons.append(re.search(r'data-key="match-send"[^>]*>([^<]*)<', sender.last["html"]).group(1))
        sender.send({"type": "cmd", "name": "match-send"})
        titles.append(re.search(r'id="share-title">([^<]*)<', sender.last["html"]).group(1))
        if m.data.count == 1:
            assert "share-parts" in sender.last["html"]  # the first dealing message goes in parts
        link = shared_link(sender)
        sender.send({"type": "cmd", "name": "close-share"})
        sender, other = other, sender
    assert titles[:3] == ["Invite your friend", "Send your answer", "Send the dealing link"], titles
    assert buttons == titles
    assert "Send your move" not in titles
    play_turn(sender)
    sender.send({"type": "cmd", "name": "match-send"})
    assert 'id="share-title">Send your move<' in sender.last["html"]


def test_both_screens_show_the_same_fingerprint():
    """Required: "Show a short match fingerprint, derived from both link keys, on both match
    screens ... with one sentence on comparing it by voice or in another chat." Not before the
    friend's key is known, and not to a spectator."""
    a, b, first, second = joined()
    assert "Match fingerprint" in html.unescape(b.last["html"])
    open_link(a, second)
    digits = r'Match fingerprint: <span class="digits">([\d ]+)</span>\.'
    shown = [re.search(digits, p.last["html"]) for p in (a, b)]
    assert all(shown) and shown[0].group(1) == shown[1].group(1)
    assert re.fullmatch(r"\d{4}( \d{4}){3}", shown[0].group(1))
    assert "by voice or in another chat" in html.unescape(a.last["html"])
    watcher = Page()
    open_link(watcher, second)
    assert watcher.state.match_open.mode == "watch" and "Match fingerprint" not in watcher.last["html"]
    fresh = create()
    assert "Match fingerprint" not in fresh.last["html"]  # only the creator's key so far


def test_a_proven_cheat_sticks_and_the_list_says_so():
    """Required: "When a correctly tagged link proves that its sender cheated, keep that finding
    in the match's storage, show 'Cheating detected' in the friends list, and refuse every later
    link of that match from that seat." The friend's browser is modified: its link 4 reveals
    another chain value, with a correct tag (it holds the key of the tags)."""
    from tests.correspondence.helpers import rebuild
    from webtabletop.correspondence.link import read_link

    a, b, first, second = joined(side=1)  # the friend (b) begins: link 4 carries its first move
    open_link(a, second)
    open_link(b, send(a))  # link 3
    play_turn(b)
    honest = send(b)  # link 4
    honest = honest[honest.index("#") :]
    friend = b.state.match_open.match
    value = read_link(honest).data.latest[1]

    def change(body):
        at = bytes(body).index(value)
        body[at] ^= 1

    forged = rebuild(honest, change, friend.mac_key(None))
    key = a.state.match_open.key
    open_link(a, forged)
    screen = html.unescape(a.last["html"])
    assert "This link was not accepted" in screen and "The player who joined the match cheated" in screen
    stored = json.loads(a.storage[key])["data"]["match"]["finding"]
    assert stored["seat"] == 1 and "does not match the player's commitment" in stored["text"]
    assert "data-turn='stopped'" in a.last["html"] and "Cheating detected" in screen
    open_link(a, honest)  # the honest link afterwards: refused too
    assert "Cheating was detected in this game" in html.unescape(a.last["html"])
    assert a.state.match_open.match.data.count == 3
    a.send({"type": "hash", "hash": "#/friends"})
    assert "Cheating detected: your friend broke the rules of play by link" in html.unescape(a.last["html"])
    again = Page(a.storage, "#/friends")  # a reload reads the finding back
    assert "Cheating detected: your friend broke the rules of play by link" in html.unescape(again.last["html"])
