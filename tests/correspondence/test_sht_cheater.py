"""SHT cheater tests: one player's browser, with everything it holds, against the other.

"It cannot name any hidden card of the opponent before it is revealed", "cannot predict the next
die or draw better than chance (a statistical test over many games)", "altering a revealed value in
a link is detected and refused".

Required: "Message 2 must prove that it is a correct shuffle-and-lock of message 1, and the
proof must be checked when link 2 arrives"; "SHT planted combinations and re-keyed copies, refused
at link 2".

The cheater is a real :class:`CardMatch`: its secret, its dealing messages, the shares it received,
every link. Each run draws the same numbers (fixed secrets), so nothing flakes; the bound is mean +
4.5 standard deviations of the hits (a fair protocol fails it with probability below 1e-5), and a
positive control (the same cheater holding the opponent's secret too) shows the statistic catches
a leak.
"""

from __future__ import annotations

import datetime
import math

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fairplay.test_cheater import name_card
from webtabletop.core.errors import GameError
from webtabletop.core.registry import get_game
from webtabletop.correspondence import NEWER, Match, MatchError
from webtabletop.correspondence.link import make_link, read_link
from webtabletop.correspondence.store import from_json, to_json
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.deal import FIRST, SECOND, DealKeys
from webtabletop.fairplay.deck import card_table
from webtabletop.fairplay.errors import ClaimRefused, DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.points import Points
from webtabletop.games.sht.rules import cards as C

from .helpers import START, carried, entropy, kept_finding, play, rebuild, shared_key

G = Group.default()
PTS = Points.of(G)
GAMES = 36
SEED = 3
STOP = 7  # the cheater guesses once link 6 arrived: hands dealt, a turn or two played


class Enough(Exception):
    pass


def hidden_positions(cheater) -> list[int]:
    """The opponent's hand and the top of the draw pile: positions the cheater has not opened."""
    s = cheater.public_state
    opp = [c - C.DECK_SIZE for c in s.hands[1 - cheater.role] if C.is_placeholder(c)]
    return opp + [s.deck[-1] - C.DECK_SIZE]


def guess(cheater, position: int, leak: bytes | None) -> tuple[int, int]:
    """(guessed card, number of candidates) from everything the cheater's browser holds."""
    priv = cheater._private
    m1, m2 = priv.messages
    mine = priv.keys
    known = set(cheater._known.values())
    candidates = [c for c in range(C.DECK_SIZE) if c not in known]
    xs, _index = card_table(G, C.DECK_SIZE)
    if leak is not None:  # positive control: the opponent's secret as well
        other = DealKeys(G, leak, cheater.data.key(), 1 - mine.role, C.DECK_SIZE)
        first, second = (mine, other) if mine.role == FIRST else (other, mine)
        return first.permutation()[second.permutation()[position]], len(candidates)
    # FIRST: a^-1·D2[p] = b·P_c; SECOND: b^-1·D2[p] = D1[σ(p)] = a·P_c
    views = [PTS.xy(PTS.mul(m2.deck[position], G.inverse(mine.key)))[0]]
    if mine.role == SECOND:
        views.append(PTS.xy(m1.deck[mine.permutation()[position]])[0])
    return name_card(candidates, views, xs), len(candidates)


def run(games: int, leak: bool):
    hits = trials = 0
    expected = variance = 0.0
    for seed in range(games):
        seat = seed % 2  # the cheater is the joiner in even games, the creator in odd ones

        def each(current, other, spectator, link, seat=seat, seed=seed):
            nonlocal hits, trials, expected, variance
            if current.data.count < STOP - 1:
                return
            cheater = other if other.seat == seat else current
            secret = entropy("sht/" + "ab"[1 - seat], 100 + seed)
            honest = current if current.seat != seat else other
            for pos in hidden_positions(cheater):
                card, n = guess(cheater, pos, secret if leak else None)
                real = honest._private.table.opened.get(pos)
                if real is None:  # not even its owner has it (the draw pile): open it with both secrets
                    real = guess(cheater, pos, secret)[0]
                hits += card == real
                trials += 1
                expected += 1 / n
                variance += (1 / n) * (1 - 1 / n)
            raise Enough

        with pytest.raises(Enough):
            play("sht", {}, 0, 100 + seed, each=each)
    return hits, trials, expected, variance


def test_the_cheater_cannot_name_hidden_cards_or_the_next_draw():
    hits, trials, expected, variance = run(GAMES, leak=False)
    assert trials >= GAMES * 4  # the opponent's hand (what is left of it) and the next draw
    assert hits <= expected + 4.5 * math.sqrt(variance), (hits, trials, expected)


def test_positive_control_the_opponents_secret_names_every_card():
    hits, trials, _e, _v = run(6, leak=True)
    assert hits == trials > 0


# --- altering a link ------------------------------------------------------------------------------


def forge(link: str, change, key: bytes | None) -> str:
    """``link`` re-packed with its fair-play section passed through ``change`` by a cheating
    player, who can make the link's tag with the players' shared ``key`` (a carrier of the link
    cannot: tests/correspondence/test_refusals.py): only the cryptography can catch it."""
    opened = read_link(link)
    data = attrs.evolve(opened.data, fair=change(bytearray(opened.data.fair)))
    return make_link(data, opened.number, key)


def players_before(links: list[str], m: int, options=None):
    """Both browsers after links 1..m-1, made again from the secrets ``play`` used (the links
    before ``m`` must carry no move: each sender re-makes its own, the other receives it)."""
    spec = Match.watch(links[0]).spec
    a = Match.create(spec, options or {}, 0, entropy("sht/a", SEED), START)
    assert a.link(START) == links[0]
    b = Match.join(links[0], entropy("sht/b", SEED), START)
    players = (a, b)
    for k in range(2, m):
        day = START + datetime.timedelta(days=k - 1)
        assert players[sender(k)].link(day) == links[k - 1]
        assert players[1 - sender(k)].receive(links[k - 1], day) == NEWER
    return players


@pytest.mark.parametrize("where", ["share", "deck"])
def test_a_changed_share_or_deck_is_refused(where):
    """Link 2 carries the final deck with its proof, link 4 the shares that open seat 0's hand: a
    cheating sender who changes one (it can make the link's tag) is refused by the receiver, which
    names it and keeps its match as it was."""
    links = play("sht", {}, 0, SEED).links
    m = 4 if where == "share" else 2
    players = players_before(links, m)
    target, cheater = players[1 - sender(m)], players[sender(m)]

    def change(fair: bytearray) -> bytes:
        if where == "share":  # the first share's x replaced by the second's: a valid point, wrong place
            fair[0:20] = fair[20:40]
        else:  # two cards of the final deck swapped after proving
            a, b = 20, 40  # after the sender's key (its x at 0..20)
            fair[a:b], fair[b : b + 20] = bytes(fair[b : b + 20]), bytes(fair[a:b])
        return bytes(fair)

    before = to_json(target)
    with pytest.raises(DeckRefused) as info:
        target.receive(forge(links[m - 1], change, cheater.mac_key(None)))
    assert info.value.seat == sender(m) == 1 and "joined the match cheated" in str(info.value)
    # the proven cheat sticks: the honest link sent afterwards is refused too
    kept_finding(target, before, info.value, links[m - 1])


@pytest.mark.parametrize("attack", ["planted combination", "re-keyed copies"])
def test_the_joiners_attacks_are_refused_at_link_2(attack, monkeypatch):
    """The cheater's deal, played through the match code with only the cheater's step replaced: the
    joiner's message 2 (its deck) is changed as the review's attacks did, and proved with the
    honest algorithm. The creator refuses link 2, naming the joiner, and keeps its match."""
    import webtabletop.correspondence.private as private_module
    from webtabletop.fairplay.deal import DealMessage, deal_context, make_message2
    from webtabletop.fairplay.shuffleproof import prove_shuffle

    def cheating_message2(keys, m1):
        honest = make_message2(keys, m1)
        deck = list(honest.deck)
        sigma = keys.permutation()
        if attack == "planted combination":  # at the joiner's first hand slot: FIRST's hand entries
            deck[5] = PTS.msm([3, 5, 7, 11], [m1.deck[sigma[i]] for i in range(4)]) * keys.key
        else:  # the joiner's hand made of copies of the creator's hand entries
            deck[5:10] = deck[0:5]
        context = deal_context(keys.deck_id, keys.size, "message 2")
        proof = prove_shuffle(G, context, m1.deck, tuple(deck), keys.public, sigma, keys.key, keys.nonce_key)
        return DealMessage(keys.public, tuple(deck), proof)

    spec = get_game("sht")
    creator = Match.create(spec, {}, 0, entropy("attack/a"), START)
    link1 = carried(creator.link(START))
    joiner = Match.join(link1, entropy("attack/b"), START)
    monkeypatch.setattr(private_module, "make_message2", cheating_message2)
    link2 = carried(joiner.link(START))
    monkeypatch.undo()
    before = to_json(creator)
    with pytest.raises(DeckRefused) as info:
        creator.receive(link2, START)
    assert info.value.seat == 1 and "joined the match cheated" in str(info.value)
    assert creator.data.count == 1
    kept_finding(creator, before, info.value)


def test_a_card_named_falsely_is_refused():
    """The first move (link 5: side 0 puts one card open) names its card; a forger who changes
    that name (the last digit of the moves) gives a legal-looking move, which the receiver's
    keys refute."""
    options = {"first_player": "first"}
    links = play("sht", options, 0, SEED).links
    opened = read_link(links[4])
    assert opened.data.links[4] and opened.data.links[4][0].startswith("o:")
    step = opened.radix // C.DECK_SIZE  # the claim is the last digit, below 52 unseen cards
    d = opened.number // step
    target = players_before(links, 5, options)[1]
    lie = make_link(
        opened.data, opened.number + (step if d + 1 < C.DECK_SIZE else -step), target.mac_key(None)
    )
    assert Match.watch(lie).state.fields[0] != Match.watch(links[4]).state.fields[0]
    before = to_json(target)
    with pytest.raises(ClaimRefused) as info:
        target.receive(lie)
    kept_finding(target, before, info.value, links[4])


def test_a_changed_secret_at_the_end_fails_the_check():
    game = play("sht", {}, 0, 4)
    last = game.links[-1]

    def change(fair: bytearray) -> bytes:
        fair[-1] ^= 1
        return bytes(fair)

    verdict = Match.watch(forge(last, change, shared_key(game, last))).verdict
    assert verdict is not None and verdict.startswith("Not verified"), verdict
    assert Match.watch(last).verdict == "Verified: no card was swapped."


def test_a_late_joiner_or_a_changed_first_deck_is_refused():
    """Link 1 has no tag (its sender knows no other key yet): a first deck changed on its way, or by
    a cheating creator, fails its proof of shuffle when the friend opens it. Nothing shows which
    of the two it was, so the refusal names nobody ("one flipped bit in SHT link 1's
    proof makes the joiner say the creator cheated")."""
    links = play("sht", {}, 0, 5).links
    with pytest.raises(MatchError):
        Match.join(links[2], entropy("x", 0), None)

    def swap(f: bytearray) -> bytes:  # two cards of the first deck swapped (after the key)
        f[20:40], f[40:60] = bytes(f[40:60]), bytes(f[20:40])
        return bytes(f)

    with pytest.raises(DeckRefused) as info:
        Match.join(forge(links[0], swap, None), entropy("x", 0), None)
    assert info.value.seat is None and "cheated" not in str(info.value)
    assert "changed on its way, or it came from someone else" in str(info.value)
    assert "not a proven shuffle" in str(info.value)


SHT_GAME = play("sht", {}, 1, 12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.integers(0, len(SHT_GAME.links) - 1),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=3),
)
def test_fuzz_changed_sht_links_give_a_game_error_or_a_match(k, edits):
    """Any change (with a fresh checksum) to any SHT link: the spectator and the receiving
    player either take it or refuse it with a clear GameError, never another exception."""

    def change(body):
        for at, value in edits:
            body[at % len(body)] = value

    bad = rebuild(SHT_GAME.links[k], change)
    try:
        Match.watch(bad)
    except GameError as exc:
        assert str(exc)
    if k >= 1:
        receiver = players_at(SHT_GAME.links, k)
        try:
            receiver.receive(bad)
        except GameError as exc:
            assert str(exc)


def players_at(links: list[str], k: int):
    """The player that receives link ``k + 1``, from its stored form after an honest replay (kept
    per link the first time)."""
    if k not in _RECEIVERS:
        game = play("sht", {}, 1, 12, each=_keep)
        assert game.links == links
    return from_json(_RECEIVERS[k])


_RECEIVERS: dict = {}


def _keep(current, other, spectator, link):
    # after link n was received by `other`, `current` (its sender) receives link n + 1 next
    _RECEIVERS[current.data.count] = to_json(current)
