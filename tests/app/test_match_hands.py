"""HTT by link with the players' own cards (digest htt.md, "Own deck" and "Random": cards of the
player's collection; docs/fair-play.md: "Own deck" means the player picks 5 cards, and "Random"
means the player's own browser picks them). Each browser brings a hand of its own collection:
the creator through the new-game dialog, the friend through the join screen. Two pages, nothing
shared but the links."""

from __future__ import annotations

import datetime
import html
import json
import re

import pytest

from tests.app.harness import Page
from tests.app.test_match_flow import fixed_day, fixed_secrets, open_link, play_turn, send  # noqa: F401
from webtabletop.app.match.store import MATCH_PREFIX
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.ui.pages.common import KEY

VERIFIED = "Verified: no card was swapped."


def own_packs(page: Page) -> None:
    """Open every free pack: the page's collection gets cards of several levels."""
    page.send({"type": "hash", "hash": "#/htt/packs"})
    for s in re.findall(r'data-cmd="open-pack" data-arg="([^"]+)"', page.last["html"]) * 3:
        page.send({"type": "cmd", "name": "open-pack", "arg": s})


def deck_fields(page_html: str, count: int = 5, highest: bool = False) -> dict[str, str]:
    """``count`` level selects of a form (the lowest levels, or the ``highest``), each with its
    first card chosen."""
    out = {}
    found = re.findall(r'<fieldset class="htt-deck-level" id="deck-(\d+)">(.*?)</fieldset>', page_html)
    for level, options in reversed(found) if highest else found:
        values = re.findall(r'type="radio" name="deck_\d+" value="([^"]+)"', options)
        if values and len(out) < count:
            out[f"deck_{level}"] = values[0]
    return out


def create(source: str, fields: dict[str, str] | None = None) -> Page:
    a = Page()
    own_packs(a)
    a.send({"type": "hash", "hash": "#/htt/new?mode=link"})
    picked = deck_fields(a.last["html"]) if fields is None else fields
    data = {
        "mode": "link",
        "side": "0",
        "days": "0",
        "deck_source": source,
        **(picked if source == "own" else {}),
    }
    a.send({"type": "form", "name": "new-game", "data": data})
    assert a.last["route"] == "match", re.findall(r"role=\"alert\">([^<]*)", a.last["html"])
    return a


def play_to_the_end(a: Page, b: Page, link: str) -> None:
    current, other = a, b
    for _ in range(60):
        open_link(current, link)
        if not current.state.match_open.match.my_link:
            break
        play_turn(current)
        link = send(current)
        current, other = other, current


def hands_at_the_end(page: Page) -> tuple[tuple[str, ...], ...]:
    """Both hands, slot by slot, of the position the end check verified (true cards)."""
    return tuple(tuple(card.id for card in deck) for deck in page.state.match_open.match.state.decks)


def test_both_players_bring_their_own_decks_and_the_game_is_verified():
    """The creator's Own deck (new-game dialog) and the friend's (join screen) are their hands, in
    the order each arranged them; every card either plays is one of its own, and at the end both
    browsers verify the game."""
    a = create("own")
    mine = a.state.match_open.match.hand
    assert len(mine) == 5 and len({get_card(r).level for r in mine}) == 5
    assert a.state.match_open.match.options.own_deck and not a.state.match_open.match.options.hand0
    b = Page(entropy=777)  # another browser: other packs
    own_packs(b)
    link1 = send(a)
    open_link(b, link1)
    page = b.last["html"]
    assert 'data-form="match-join"' in page and "This table plays Own deck" in html.unescape(page)
    chosen = deck_fields(page, highest=True)
    b.send({"type": "form", "name": "match-join", "data": {"deck_source": "own", **chosen}})
    assert b.state.match_open.mode == "play"
    theirs = b.state.match_open.match.hand
    assert set(theirs) == set(chosen.values())
    assert set(theirs) != set(mine)  # each brought its own choice
    play_to_the_end(a, b, send(b))
    for page in (a, b):
        m = page.state.match_open.match
        assert m.is_over and m.verdict == VERIFIED, m.verdict
        assert hands_at_the_end(page) == (mine, theirs)
        # the winner's pick takes nothing by link ("No card changes hands in a game by link")
        shown = html.unescape(page.last["html"])
        assert " and takes " not in shown
        if m.state.taken_card is not None:
            assert "in a game by link no card changes hands." in shown


def test_a_friend_without_cards_joins_with_dealt_cards():
    """A friend whose collection holds no cards of the table's levels is told so and joins with
    cards dealt from the built-in sets (the only choice offered); the game plays to its check."""
    a = create("own")
    b = Page()
    open_link(b, send(a))
    shown = html.unescape(b.last["html"])
    assert "You have no cards of these levels yet" in shown
    assert re.findall(r'name="deck_source">(.*?)</select>', shown) == [
        '<option value="dealt" selected>Dealt from the built-in sets</option>'
    ]
    b.send({"type": "form", "name": "match-join", "data": {"deck_source": "dealt"}})
    assert b.state.match_open.match.hand is None  # dealt from both players' randomness, at link 3
    play_to_the_end(a, b, send(b))
    assert a.state.match_open.match.verdict == VERIFIED
    hand = b.state.match_open.match.hand
    assert hands_at_the_end(b)[1] == hand
    assert len({get_card(r).level for r in hand}) == 5  # Own deck: one card per level


def test_an_unfit_hand_says_why_and_joins_nothing():
    """Three cards where the table needs five: the join screen says why, stays the join screen,
    and the browser holds no match."""
    a = create("own")
    b = Page()
    own_packs(b)
    open_link(b, send(a))
    before = {k for k in b.storage if k.startswith(MATCH_PREFIX)}
    b.send(
        {
            "type": "form",
            "name": "match-join",
            "data": {"deck_source": "own", **deck_fields(b.last["html"], count=3)},
        }
    )
    assert b.state.match_open.mode == "join"
    assert "Own deck: choose 5 cards, not 3" in html.unescape(b.last["html"])
    assert {k for k in b.storage if k.startswith(MATCH_PREFIX)} == before == set()
    b.send({"type": "form", "name": "match-join", "data": {"deck_source": "gift"}})
    assert "Unknown choice of cards 'gift'." in html.unescape(b.last["html"])


@pytest.mark.parametrize("joiner", ["random", "own"])
def test_random_table_draws_each_hand_from_its_owners_collection(joiner):
    """Random: the creator's hand is drawn from its own collection, the friend's Random from the
    friend's, each from both players' randomness ("HTT 'Random' hands must come from
    the match secrets"), once the other's link completes the draw; a friend may bring its own pick
    instead (nobody can check that a pool is really a collection: docs/fair-play.md)."""
    a = create("random")
    assert a.state.match_open.match.hand is None  # drawn when the friend's link 2 arrives
    b = Page()
    own_packs(b)
    open_link(b, send(a))
    assert "This table plays Random" in html.unescape(b.last["html"])
    fields = deck_fields(b.last["html"], highest=True) if joiner == "own" else {}
    b.send({"type": "form", "name": "match-join", "data": {"deck_source": joiner, **fields}})
    assert (b.state.match_open.match.hand is None) == (joiner == "random")
    play_to_the_end(a, b, send(b))
    assert b.state.match_open.match.verdict == VERIFIED
    hand, owned_a = b.state.match_open.match.hand, a.state.match_open.match.hand
    assert hands_at_the_end(b)[1] == hand and hands_at_the_end(a)[0] == owned_a
    assert len({get_card(r).level for r in hand}) == 5
    collection = json.loads(b.storage[KEY])["data"]
    assert all(r in json.dumps(collection) for r in hand)  # its own cards
    assert len(owned_a) == 5 and all(any(f'"{r}"' in doc for doc in a.storage.values()) for r in owned_a)


def test_the_dialogs_own_seat_field_is_for_games_on_this_device_only():
    """By link the side is the match's "You play"; the HTT dialog's own seat choice is hidden then."""
    page = Page(hash_="#/htt/new?mode=link").last["html"]
    seat = page.split('for="htt-seat"', 1)[0].rsplit("<div", 1)[1]
    assert "local-only" in seat


def test_the_join_screen_starts_from_the_saved_deck_in_its_order():
    """A friend who saved an Own deck (by starting a game on its device) finds those cards chosen
    on the join screen; joining with them as shown brings the hand in the saved deck's order."""
    a = create("own")
    b = Page(entropy=777)
    own_packs(b)
    b.send({"type": "hash", "hash": "#/htt/new"})
    deck = deck_fields(b.last["html"], highest=True)
    b.send({"type": "form", "name": "new-game", "data": {"deck_source": "own", **deck}})
    assert b.last["route"] == "game"  # a game on this device: the deck is saved
    first = json.loads(b.storage[KEY])["data"]["deck"][0]
    b.send({"type": "hash", "hash": "#/htt/deck"})
    b.send({"type": "cmd", "name": "deck-down", "arg": first})  # the deck builder's order
    b.send({"type": "cmd", "name": "deck-down", "arg": first})
    open_link(b, send(a))
    shown = dict(re.findall(r'type="radio" name="(deck_\d+)" value="([^"]+)" checked', b.last["html"]))
    assert shown == deck
    b.send({"type": "form", "name": "match-join", "data": {"deck_source": "own", **shown}})
    saved = json.loads(b.storage[KEY])["data"]["deck"]
    assert list(b.state.match_open.match.hand) == saved and set(saved) == set(deck.values())
    assert saved.index(first) == 2 and saved != sorted(saved, key=lambda r: get_card(r).level)


def test_a_withheld_last_link_shows_unverified_after_its_deadline_and_may_count_as_a_forfeit(fixed_day):  # noqa: F811
    """Required: "The link that reveals the secrets has a deadline (the match's days per move,
    or 7 days when none was set). Past it, the game shows 'Unverified: your friend has not
    revealed their secrets' and offers to count it as a forfeit." The player whose move ended the
    game sent its secret with it; its friend withholds the reply that reveals its own."""
    a = create("own")
    b = Page(entropy=777)
    own_packs(b)
    open_link(b, send(a))
    b.send(
        {
            "type": "form",
            "name": "match-join",
            "data": {"deck_source": "own", **deck_fields(b.last["html"], highest=True)},
        }
    )
    link = send(b)
    current, other = a, b
    for _ in range(60):
        open_link(current, link)
        m = current.state.match_open.match
        if m.is_over and m.my_link:  # the friend ended the game: this reply would reveal both secrets
            break
        play_turn(current)
        link = send(current)
        current, other = other, current
    waiting = other  # it sent the link that ended the game, with its secret
    m = waiting.state.match_open.match
    assert m.awaiting_secret and m.verdict is None
    shown = html.unescape(waiting.send({"type": "hash", "hash": waiting.hash})["html"])
    assert "Waiting for the last link, which reveals the secrets (due by" in shown
    fixed_day[0] = m.reveal_deadline + datetime.timedelta(days=1)
    shown = html.unescape(waiting.send({"type": "hash", "hash": waiting.hash})["html"])
    assert "Unverified: your friend has not revealed their secrets" in shown
    waiting.send({"type": "cmd", "name": "match-forfeit"})
    assert "Count this game as won by forfeit?" in html.unescape(waiting.last["html"])
    waiting.send({"type": "cmd", "name": "match-forfeit-yes"})
    assert waiting.state.match_open.match.forfeit
    waiting.send({"type": "hash", "hash": "#/friends"})
    assert "You won by forfeit (unverified)" in html.unescape(waiting.last["html"])
    # the friend's revealing link still counts when it comes: the game is checked
    last = send(current)
    open_link(waiting, last)
    assert waiting.state.match_open.match.verdict == VERIFIED


def test_the_list_says_cheating_detected_never_a_plain_result():
    """Required: "The friends list shows 'Not verified' or 'Cheating detected' next to the
    result, never a plain 'Your friend won'." A friend who brought its own hand to a dealt table."""
    from tests.correspondence.helpers import play
    from tests.correspondence.test_htt import keen
    from tests.correspondence.test_htt_dealt import Cheater
    from webtabletop.app.match.store import document, match_id, match_key

    cheater = Cheater(1)

    def each(current, other_, spectator, link):
        for m in (current, other_):
            cheater.swap(m)

    game = play("htt", {}, 0, 40, choose=keen, each=each)
    honest = game.players[0]
    assert honest.cheater == 1
    key = match_key("htt", match_id(honest))
    page = Page({key: document(honest, 1000)}, "#/friends")
    shown = html.unescape(page.last["html"])
    assert "Cheating detected: your friend broke the rules of play by link" in shown
    page.send({"type": "hash", "hash": f"#/htt/m?id={key.rsplit(':', 1)[1]}"})
    screen = html.unescape(page.last["html"])
    assert "Cheating detected: your friend (Red) broke the rules of play by link." in screen
    assert "The player who joined the match cheated." in screen
    # a spectator holds no key: it cannot tell a cheat from a link changed on its way, so it
    # says what failed and names nobody
    watcher = Page()
    watcher.send({"type": "hash", "hash": game.links[-1][game.links[-1].index("#") :]})
    assert watcher.state.match_open.mode == "watch"
    seen = html.unescape(watcher.last["html"])
    assert "Not verified: a hand is not the one its draw dealt." in seen
    assert "cannot tell a player who cheated from a link changed on its way" in seen
    assert "Cheating detected" not in seen and "The player who joined" not in seen
