"""SHT by links: two independent browsers exchanging only link strings, and a spectator.

Required: "Secret cards: nobody sees the other's hand, closed cards, shields or the deck order";
"a card is revealed to its owner only, by the other player's key share in the next link"; "At the
end of the game, both keys are revealed and the whole game is verified: each player's browser
replays it and checks that no card was swapped"; "Keep links under 2,000 characters for every game
at every point".
"""

from __future__ import annotations

import json

import pytest

from webtabletop.correspondence import Match, MatchError
from webtabletop.correspondence.cardmatch import CardMatch
from webtabletop.correspondence.link import read_link
from webtabletop.correspondence.support import supports
from webtabletop.games.sht.rules import cards as C

from .helpers import ADDRESS, LIMIT, play, reread, sent_texts

VERIFIED = "Verified: no card was swapped."


def cautious(state, rnd):
    """Random legal moves that attack rarely, so games run long (the longest links)."""
    moves = [m.code for m in state.legal_moves()]
    calm = [c for c in moves if not c.startswith("a:")]
    return rnd.choice(calm if calm and rnd.random() < 0.85 else moves)


def check_hidden(m: Match) -> None:
    """Every real card in this browser's state is one it may see; the rest are placeholders."""
    s = m.state
    if m.verdict is not None:
        return
    seen = s.visible_cards(m.role)
    for c in s.all_zones():
        assert C.is_placeholder(c) or c in seen, (m.role, C.name(c))
    # the view never names a placeholder: unknown cards are None (backs)
    assert "?" not in json.dumps(s.view(m.role))
    if m.can_move:  # a player chooses only with cards it sees
        assert not any(C.is_placeholder(c) for c in s.hands[m.role])


def check_every_link(current, other, spectator, link):
    assert all(len(ADDRESS) + len(t) < LIMIT for t in sent_texts(link)), len(link)
    for m in (current, other, spectator):
        check_hidden(m)
    # a spectator holds no card that is not public
    pub = spectator.state
    assert all(C.is_placeholder(c) for c in pub.hands[0] + pub.hands[1] + pub.deck) or spectator.verdict


GAMES = [
    ({}, 0, 1, None),
    ({}, 1, 2, None),
    ({"first_player": "second"}, 0, 3, cautious),
    ({"first_player": "first", "first_turn_rule": False}, 1, 4, cautious),
    ({}, 0, 5, cautious),
]


@pytest.mark.parametrize(("options", "side", "seed", "choose"), GAMES)
def test_full_sht_games_by_links(options, side, seed, choose):
    game = play("sht", options, side, seed, choose=choose, each=check_every_link)
    a, b = game.players
    sp = game.spectator
    assert isinstance(a, CardMatch) and (a.role, b.role, sp.role) == (side, 1 - side, None)
    assert a.verdict == b.verdict == sp.verdict == VERIFIED
    # after the check every browser knows the true final position, the same for all three
    final = a.state
    assert final.is_over and not any(C.is_placeholder(c) for c in final.all_zones())
    assert sorted(final.all_zones()) == list(C.ALL_CARDS)
    assert b.state.snapshot() == sp.state.snapshot() == final.snapshot()
    assert a.revealed and b.revealed and sp.revealed  # a view may show every card
    # dealing takes links 1-3 (no move), the game's last link is followed by the secrets' link
    assert a.data.links[:3] == ((), (), ())
    assert a.data.links[-1] == ()
    # the latest link alone rebuilds the match and its verdict
    assert Match.watch(game.links[-1]).verdict == VERIFIED


def test_the_first_player_comes_from_the_beacon():
    """Who begins ("random") is drawn from link 3's seed: it varies between matches."""
    firsts = {read_link(play("sht", {}, 0, seed).links[3]).dealt.first for seed in range(12)}
    assert firsts == {0, 1}


def test_a_drawn_card_pauses_the_turn_until_its_key_arrives():
    """docs/fair-play.md: "a move that needs a card the mover cannot see yet ends the link: the
    reply carries the key and no move". Some link must carry no move while the game goes on
    (a reply that only opens a card), besides the dealing links."""
    seen = []
    for seed in range(6):
        game = play("sht", {}, seed % 2, seed, choose=cautious)
        links = game.players[0].data.links
        seen += [m for m in range(4, len(links) - 1) if links[m] == () and links[m - 1] != ()]
    assert seen


def test_store_round_trip_mid_game_and_continue():
    def each(current, other, spectator, link):
        for m in (current, other):
            back = reread(m)
            assert back.state.snapshot() == m.state.snapshot()
            assert (back.can_move, back.can_send, back.sections) == (m.can_move, m.can_send, m.sections)

    game = play("sht", {}, 0, 7, each=each)
    assert game.players[0].verdict == VERIFIED


def test_a_spectator_or_a_third_link_cannot_play():
    game = play("sht", {}, 0, 8)
    with pytest.raises(MatchError):
        Match.join(game.links[4], b"x" * 32, None)
    sp = Match.watch(game.links[6])
    assert not sp.can_move and not sp.can_send


def test_supported_games():
    assert all(supports(g) for g in ("sht", "htt", "tsifrograd", "dumaraj", "cardgo"))
    assert not supports("chess")


def test_link_formats_stay_apart():
    """Dice games' links are format 5, a card game's format 6 (with the fair-play section); both
    carry link keys and tags, and bind link 1 into the tags (formats 3 and 4 were the same before
    that, 1 and 2 without keys and tags). A link of the other format for a game is refused."""
    import base64

    from .helpers import payload, rebuild

    sht = play("sht", {}, 0, 9).links[4]
    tsifro = play("tsifrograd", {"radius": 2}, 0, 9).links[3]
    for link, fmt in ((sht, 6), (tsifro, 5)):
        raw = base64.urlsafe_b64decode(payload(link) + "=" * (-len(payload(link)) % 4))
        assert raw[0] == fmt

    def flip(body):
        body[0] = 11 - body[0]

    for link in (sht, tsifro):
        with pytest.raises(MatchError):
            read_link(rebuild(link, flip))
    with pytest.raises(MatchError, match="newer version"):  # 7 and 8 are the timed formats
        read_link(rebuild(sht, lambda body: body.__setitem__(0, 9)))
