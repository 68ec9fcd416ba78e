"""CardGO by links: every card a private draw of its owner, outcomes drawn after the choice from
the next link's seed; two independent browsers exchanging only link strings, and a spectator.

Required: "Needed for ... CardGO's hands"; "At the end of the game, both keys are revealed and the
whole game is verified"; "A "cheater" test per game ... It cannot predict the next die or draw
better than chance ... It cannot name any hidden card of the opponent before it is revealed, and
altering a revealed value in a link is detected and refused". docs/fair-play.md, "Private draws".
"""

from __future__ import annotations

import math

import attrs
import pytest

from webtabletop.core.errors import GameError
from webtabletop.core.registry import get_game
from webtabletop.correspondence import Match
from webtabletop.correspondence import drawn as D
from webtabletop.correspondence.drawnmatch import DrawnMatch
from webtabletop.correspondence.link import make_link, read_link
from webtabletop.correspondence.store import from_json, to_json
from webtabletop.fairplay.beacon import seed_rng
from webtabletop.fairplay.draw import PrivateDraws, draw_seed
from webtabletop.fairplay.errors import ClaimRefused
from webtabletop.games.cardgo.rules.effects import UNSEEN

from .helpers import ADDRESS, LIMIT, entropy, kept_finding, play, rebuild, reread, sent_texts, shared_key

VERIFIED = "Verified: every card was drawn fairly and none was swapped."


def check_hidden(m: Match) -> None:
    """A player sees its own hand when it moves and none of the other's; a spectator sees none."""
    s = m.state
    if m.verdict is not None:
        return
    for side in (0, 1):
        hand = s.hands[side]
        if side == m.role and m.can_move:
            assert UNSEEN not in hand
        elif side != m.role:
            assert all(c == UNSEEN for c in hand), (m.role, side)
            if m.role is not None:
                assert s.view(m.role)["hands"][side] == [None] * len(hand)


def check_every_link(current, other, spectator, link):
    assert all(len(ADDRESS) + len(t) < LIMIT for t in sent_texts(link)), len(link)
    for m in (current, other, spectator):
        check_hidden(m)


GAMES = [
    ({"size": 5}, 0, 1),
    ({}, 1, 2),
    ({"size": 7, "adjacent": True, "full_speed": True, "max_value": 10}, 0, 3),
    ({"size": 6, "terrain": False, "hand_size": 8}, 1, 4),
]


def play_cardgo(options, side, seed, **kw):
    """A match of random legal moves (the owner's ``legal_moves`` are exact: it sees its cards)."""
    return play("cardgo", options, side, seed, **kw)


@pytest.mark.parametrize(("options", "side", "seed"), GAMES)
def test_full_cardgo_games_by_links(options, side, seed):
    game = play_cardgo(options, side, seed, each=check_every_link)
    a, b = game.players
    sp = game.spectator
    assert isinstance(a, DrawnMatch) and (a.role, b.role, sp.role) == (side, 1 - side, None)
    assert a.verdict == b.verdict == sp.verdict == VERIFIED
    boards = {(m.state.owners, m.state.values, m.state.time) for m in (a, b, sp)}
    assert len(boards) == 1 and a.state.is_over
    assert Match.watch(game.links[-1]).verdict == VERIFIED
    # the verified end deals both hands from the revealed secrets: every browser, the spectator
    # too, holds the same whole position, and its view shows every card (tall grass included)
    assert a.revealed and b.revealed and sp.revealed
    assert a.state == b.state == sp.state
    assert all(UNSEEN not in hand for hand in a.state.hands)
    assert a.data.links[:2] == ((), ()) and a.data.links[-1] == ()


def test_store_round_trip_and_continue():
    def each(current, other, spectator, link):
        for m in (current, other):
            back = reread(m)
            assert back.state == m.state
            assert (back.can_move, back.can_send) == (m.can_move, m.can_send)

    assert play_cardgo({"size": 5}, 0, 7, each=each).players[0].verdict == VERIFIED


# --- the cheater ---------------------------------------------------------------------------------


def opponent_cards(seed: int, cheater: int, leak: bool):
    """Each card the opponent of seat ``cheater`` placed, with the cheater's guess made from what
    its browser held before that card's link arrived (its own secret, the values revealed up to
    the draw's seed): the card its own secret would deal for that draw, as good as any guess
    unless something leaks. ``leak``: the opponent's secret instead (a positive control). Read
    from the last link, which names every card placed, each draw's seeding link and every value."""
    game = play_cardgo({"size": 5}, seed % 2, 200 + seed)
    other = 1 - cheater
    secret = entropy("cardgo/" + "ab"[other if leak else cheater], 200 + seed)
    opened = read_link(game.links[-1])
    drawn, key = opened.dealt, opened.data.key()
    spec = Match.watch(game.links[-1]).spec
    options = spec.options_from_dict(opened.data.options)
    guesser = PrivateDraws(secret, key, other if leak else cheater)
    out = []
    for m, seat, j, code in drawn.placed:
        if seat != other:
            continue
        seeding = drawn.seeded[(seat, j)]
        assert seeding < m  # the card was drawn before it was played
        value = opened.values.value(seeding)
        guess = spec.cards.card(options, seed_rng(draw_seed(key, other, j, guesser.value(j), value)))
        out.append((guess, spec.cards.from_code(code), options.max_value - options.min_value + 1))
    return out


def test_the_cheater_cannot_predict_the_opponents_cards():
    hits = trials = 0
    expected = variance = 0.0
    for seed in range(10):
        for guess, truth, values in opponent_cards(seed, seed % 2, leak=False):
            hits += guess.value == truth.value
            trials += 1
            expected += 1 / values
            variance += (1 / values) * (1 - 1 / values)
    assert trials >= 150
    assert hits <= expected + 4.5 * math.sqrt(variance), (hits, trials, expected)


def test_positive_control_the_opponents_secret_predicts_every_card():
    cards = opponent_cards(1, 1, leak=True)
    assert cards and all(guess == truth for guess, truth, _v in cards)


# --- altering a link ------------------------------------------------------------------------------


def a_placement(links):
    """A link that places a card and does not end the game, with the link before it."""
    for before, link in zip(links[3:-2], links[4:-2], strict=True):
        opened = read_link(link)
        if opened.dealt.values:
            return before, link, opened
    raise AssertionError("no placement")


def forged_draw(opened, key: bytes) -> str | None:
    """``opened``'s link with its first draw value replaced by the forger's own, and the card
    that value deals named in the placed list, with a tag made with the players' ``key``: what a
    cheating player makes to choose the card it draws. The forger tries values until the card
    dealt fits the link's moves as they are numbered (a reader without a secret then finds
    nothing wrong: only the commitment the value should open can tell); None if none does."""
    drawn = opened.dealt
    (seat, j, _x) = drawn.values[0]
    spec = get_game(opened.data.game_id)
    options = spec.options_from_dict(opened.data.options)
    match_key = opened.data.key()
    index = next(i for i, p in enumerate(drawn.placed) if p[0] == opened.data.count)
    commitments = [[drawn.commitments[s][k] for k in sorted(drawn.commitments[s])] for s in (0, 1)]
    for attempt in range(256):
        forged_x = attempt.to_bytes(16, "big")
        card = spec.cards.card(
            options,
            seed_rng(draw_seed(match_key, seat, j, forged_x, opened.values.value(drawn.seeded[(seat, j)]))),
        )
        codes = [p[3] for p in drawn.placed]
        codes[index] = card.code
        xs = [forged_x] + [x for _s, _j, x in drawn.values[1:]]
        fair = D.pack_section(spec.cards, opened.data, codes, commitments, xs)
        forged = make_link(attrs.evolve(opened.data, fair=fair), opened.number, key)
        try:
            read_link(forged)
        except GameError:  # that card does not fit the moves as numbered, or the draw it names
            continue
        return forged
    return None


def test_a_changed_draw_value_or_card_is_refused():
    """A flipped bit in a draw value no longer deals the card named: every reader refuses it. A
    forger who names the card its own value deals is refused by the player holding the match,
    whose commitment the value does not open."""
    saved = {}

    def each(current, other, spectator, link):
        saved[current.data.count] = to_json(current)  # the sender, as it waits for the reply

    game = play_cardgo({"size": 5}, 0, 11, each=each)
    before, link, opened = a_placement(game.links)
    key = shared_key(game, link)  # the forger is a player: it can make the link's tag
    fair = bytearray(opened.data.fair)
    fair[-1] ^= 1
    with pytest.raises(ClaimRefused, match="does not deal the card played") as seen:  # a reader: no seat
        read_link(make_link(attrs.evolve(opened.data, fair=bytes(fair)), opened.number, key))
    assert seen.value.seat is None
    # the forger: another value, and the card that value deals named in the placed list
    forged = forged_draw(opened, key)
    assert forged is not None
    holder = from_json(saved[opened.data.count - 1])
    assert holder.data.count == opened.data.count - 1
    before = to_json(holder)
    with pytest.raises(ClaimRefused, match="does not match its commitment") as info:
        holder.receive(forged)
    # its tag proves the link the forger's: named, and the cheat sticks
    kept_finding(holder, before, info.value, link)


def test_a_changed_secret_at_the_end_fails_the_check():
    saved = {}

    def each(current, other, spectator, link):
        saved[current.data.count] = to_json(current)  # the sender, as it waits for the reply

    game = play_cardgo({"size": 5}, 1, 13, each=each)
    last = game.links[-1]
    opened = read_link(last)
    fair = bytearray(opened.data.fair)
    fair[-1] ^= 1  # the last byte of the second secret
    # by the player who sends it (it can make the tag): the end check fails
    forged = make_link(attrs.evolve(opened.data, fair=bytes(fair)), opened.number, shared_key(game, last))
    verdict = Match.watch(forged).verdict
    assert verdict is not None and verdict.startswith("Not verified"), verdict
    # seat 1's secret fails, but a spectator cannot tell its change from the player's
    assert "does not match the commitment" in verdict and "The player who" not in verdict, verdict
    assert "cannot tell a player who cheated from a link changed on its way" in verdict
    assert Match.watch(forged).cheater is None
    # on its way to the other player ("one flipped byte there makes an honest game end
    # 'Not verified … someone cheated.'"): refused as changed, and the match is left as it was
    carried = rebuild(last, lambda body: body.__setitem__(len(body) - 1, body[-1] ^ 1))
    receiver = from_json(saved[len(game.links) - 1])
    before = to_json(receiver)
    with pytest.raises(GameError, match="changed after it was sent"):
        receiver.receive(carried)
    assert to_json(receiver) == before
    receiver.receive(last)
    assert receiver.verdict == VERIFIED


def test_the_verified_end_shows_the_values_hidden_in_tall_grass():
    """Terrain 11, tall grass: "the stone's value is hidden from the player who does not own it",
    while the game goes on. Once both secrets are out and the end check verified the game, nothing
    is secret: the board shows every value and both hands (the app's ``OpenMatch.context``)."""
    from webtabletop.app.model.openmatch import OpenMatch

    a = play_cardgo({"size": 5}, 0, 11).players[0]  # a game that ends with a stone in tall grass
    hidden = a.state.hidden_cells(a.role)
    assert hidden and a.revealed  # the other's stones in tall grass at the end of this game
    om = OpenMatch(a, None, "play")
    ctx = om.context({})
    assert ctx.reveal_all
    board, panel = om.view.board(a.state, ctx), om.view.panel(a.state, ctx)
    assert ">?</text>" not in board and "hidden in" not in board
    assert ">?</text>" in om.view.board(a.state, attrs.evolve(ctx, reveal_all=False))
    for cell in hidden:
        assert f"{a.state.values[cell]}</text>" in board
    for hand in a.state.hands:  # both hands, face up
        assert all(card != UNSEEN for card in hand)
    assert panel.count('class="cg-hand"') == 2 and "cg-card unseen" not in panel
