"""Card games by link on the match screen, through the app controller (two pages, nothing shared
but the links): what each browser's board draws from the public move list.

The board compares the position before the latest move with the one after it (the hand cards
new since then are marked, docs/board.md); in a match with hidden cards the move list holds the
*public* position, so the app fills in the cards this browser holds first (``HiddenMatch.seen``).
"""

from __future__ import annotations

import hashlib
import html
import re

from tests.app.harness import Page
from tests.app.test_match_flow import open_link, play_turn, send
from webtabletop.app.match import flow as matchflow
from webtabletop.games.sht.rules import cards as C

#: card_svg.card_face's mark of a hand card that is new since the previous position
NEW_MARK = "★"
VERIFIED = "Verified: no card was swapped."


#: the prompt of a link that carries only the key of a card that came to the other player's hand
PAUSE = "A card came to your friend's hand"


def text(page: Page) -> str:
    return html.unescape(page.last["html"])


def board(page: Page) -> str:
    return page.last["html"].split('<svg class="board sht"', 1)[1].split("</svg>", 1)[0]


def marked(page: Page) -> set[int]:
    """The cards the board marks new."""
    cards = board(page).split('<g class="card ')[1:]
    return {C.from_name(re.search(r'data-card="(\w+)"', g).group(1)) for g in cards if NEW_MARK in g}


def hand(page: Page) -> set[int]:
    """The viewer's hand cards the board draws face up (in the row at y = 472)."""
    return {
        C.from_name(n)
        for n in re.findall(r'data-card="(\w+)" transform="translate\([\d.]+,472\)"', board(page))
    }


def test_sht_hand_cards_are_new_only_when_they_came_with_the_latest_move():
    """«一枚ドローして» (draw one card): a card that reaches a hand is marked new; the cards a player
    already held are not, after its friend's move arrives or after its own is sent."""
    a = Page(hash_="#/sht/new?mode=link")
    a.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {"mode": "link", "side": "0", "days": "0", "first_player": "first"},
        }
    )
    b = Page()
    open_link(b, send(a))
    b.send({"type": "cmd", "name": "match-join"})
    open_link(a, send(b))  # link 2
    assert PAUSE not in text(a)  # link 3 deals: not a pause
    open_link(b, send(a))  # link 3: A's keys for B's hand
    open_link(a, send(b))  # link 4: B's keys for A's hand; player 1 (A) begins
    assert len(hand(a)) == 5 and NEW_MARK not in board(a)
    held = min(hand(a))
    a.send({"type": "move", "code": f"o:{held}"})  # the first turn: one card open
    open_link(b, send(a))
    assert len(hand(b)) == 5 and NEW_MARK not in board(b)  # B's hand did not change
    assert NEW_MARK not in board(a)  # neither did A's (one card fewer), once sent
    b.send({"type": "move", "code": f"c:{min(hand(b))}"})
    open_link(a, send(b))
    assert hand(a) and NEW_MARK not in board(a)
    # A attacks, B declines: B's broken shield goes to its hand, opened by A's next link
    a.send({"type": "move", "code": f"a:{held}"})
    open_link(b, send(a))
    b.send({"type": "move", "code": "decline"})
    before = hand(b)
    open_link(a, send(b))
    assert NEW_MARK not in board(a)
    assert PAUSE in text(a) and "data-turn='send'" in a.last["html"]  # A's link carries only the key
    open_link(b, send(a))  # the pause: A's link carries the key of B's shield and no move
    (shield,) = hand(b) - before
    assert marked(b) == {shield} and board(b).count(NEW_MARK) == 1


def test_the_side_to_play_says_moves_first_only_where_it_does():
    """SHT (digest: "the first player is chosen at random (seeded) unless the players choose") and
    HTT (docs/fair-play.md: "Who begins ... come[s] from link 3's seed") decide who begins
    themselves: the form's list of sides names no side as the first one there, while a dice
    game's side 0 does move first."""
    for game, first in (("sht", False), ("htt", False), ("tsifrograd", True)):
        html = Page(hash_=f"#/{game}/new?mode=link").last["html"]
        side = html.split("id='side'", 1)[1].split("</select>", 1)[0]
        assert ("(moves first)" in side) is first, game


def test_sht_quick_defence_with_closed_cards_is_shown_from_the_public_move_list(monkeypatch):
    """ "The defender picks any number of their own field cards (open or closed) whose values sum to
    d >= a" (the digest): a defence naming closed cards in one move (version 1's quick defence) is
    legal with the true cards, but the public position before it cannot list it again (a closed
    card's value is unknown there). The screen describes such a move from the match's public
    position after it, and the game goes on to the verified end. The players' secrets are fixed
    (found by search: this game has two such defences); each plays its first legal move."""
    count = [0]

    def secret() -> bytes:
        count[0] += 1
        return hashlib.sha256(f"q15/{count[0]}".encode()).digest()

    monkeypatch.setattr(matchflow, "new_secret", secret)
    a = Page(hash_="#/sht/new?mode=link")
    a.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": "0", "days": "0"}})
    b = Page()
    open_link(b, send(a))
    b.send({"type": "cmd", "name": "match-join"})
    link, current = send(b), a
    unlisted = 0
    while True:
        open_link(current, link)
        if not current.state.match_open.match.my_link:
            break
        play_turn(current)
        link = send(current)  # renders the latest move's description
        for before, code in current.state.match_open.match.public_history[-1:]:
            unlisted += code not in {m.code for m in before.legal_moves()}
        current = b if current is a else a
    assert unlisted >= 1  # the case this test is about happened
    for page in (a, b):
        assert page.state.match_open.match.verdict == VERIFIED
        assert VERIFIED in text(page)


def test_a_part_changed_on_its_way_is_refused_and_none_of_its_parts_is_kept():
    """A carrier cannot change a link sent in parts either: a carrier changes one part of SHT's first dealing link
    (its own checksum made again). When the last part arrives the link is refused as changed, and
    the parts kept so far are dropped (nothing says which one changed); the parts sent again make
    the link."""
    import base64
    import zlib

    from webtabletop.app.match.store import PARTS_PREFIX
    from webtabletop.correspondence import parts as P

    a = Page(hash_="#/sht/new?mode=link")
    a.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": "0", "days": "0"}})
    texts = send(a).splitlines()
    assert len(texts) >= 4
    part = P.read_part(texts[1])
    body = bytes([P.FORMAT]) + part.whole_id + bytes([part.index << 4 | part.count])
    body += bytes([part.chunk[0] ^ 1]) + part.chunk[1:]
    crc = zlib.crc32(b"webtabletop-part/sht" + body) & 0xFFFFFFFF
    forged = (
        texts[1].split("?p=")[0]
        + "?p="
        + base64.urlsafe_b64encode(body + crc.to_bytes(4, "little")).rstrip(b"=").decode()
    )
    b = Page()
    open_link(b, "\n".join([texts[0], forged, *texts[2:]]))
    assert b.state.match_open is None
    assert "This link was changed after it was sent" in text(b)
    assert not any(k.startswith(PARTS_PREFIX) for k in b.storage)
    open_link(b, "\n".join(texts))
    assert b.state.match_open.mode == "join"
