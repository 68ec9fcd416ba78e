"""Random self-play never breaks an invariant, and a record replays identically."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtabletop.core.record import Record
from webtabletop.core.rng import Rng
from webtabletop.games.cardgo import SPEC
from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.terrain import CRYPT, STONE, TREE

options_st = st.builds(
    CardgoOptions,
    start_time=st.sampled_from([15, 40, 100]),
    size=st.integers(4, 8),
    hand_size=st.integers(1, 6),
    min_value=st.integers(1, 3),
    max_value=st.integers(3, 10),
    effects=st.booleans(),
    terrain=st.booleans(),
    full_speed=st.booleans(),
    adjacent=st.booleans(),
)


def check(state: rules.CardgoState) -> None:
    o = state.options
    for i, owner in enumerate(state.owners):
        if owner == rules.EMPTY:
            assert state.values[i] == 0 and state.effects[i] == 0
        else:
            assert state.terrain[i] not in (STONE, TREE, CRYPT)
            assert 0 <= state.values[i] <= o.max_value + 1
    for p, hand in enumerate(state.hands):
        assert len(hand) == expected_hand_size(state, p)
        assert len(hand) <= state.hand_peak
        assert all(o.min_value <= c.value <= o.max_value for c in hand)
    assert all(t >= 0 for t in state.time)
    legal = state.legal_moves()
    assert (len(legal) == 0) == (state.outcome() is not None)
    codes = [m.code for m in legal]
    assert len(codes) == len(set(codes))


def expected_hand_size(state: rules.CardgoState, player: int) -> int:
    """Cards are only ever dealt and played, never capped: «玩家开始时具有卡牌5张,每回合可以使用一张,
    新的回合获取一张» (start with the hand, use one per turn, get one each new turn) and Love «打出时,
    额外抽取一张卡牌» (on play, draw one extra card)."""
    # turn t belongs to Green when t is odd; every turn draws for its player except Green's first
    turns = sum(1 for t in range(1, state.turn + 1) if (t + 1) % 2 == player) - (1 if player == 0 else 0)
    mine = [r for r in state.log if r.player == player and r.kind == "place"]
    return state.options.hand_size + turns - len(mine) + sum(r.drew for r in mine)


def time_step(before: rules.CardgoState, after: rules.CardgoState) -> None:
    """Time changes only by the reported damage and heal of the move."""
    r = after.last
    assert r is not None and len(after.log) == len(before.log) + 1
    if r.kind != "place":
        assert after.time == before.time
        return
    for p in (0, 1):
        assert after.time[p] == max(0, before.time[p] + r.heal[p] - r.damage[p])
    takes = sum(x[2] for x in r.took_effect)
    fire = r.stone_value // 2 if r.burned else 0
    effect_loss = r.sorrow + (
        r.card.value if r.card.effect == 6 and before.options.effects and not r.vanished else 0
    )
    if not r.burned:
        assert sum(r.damage) == takes + effect_loss
    else:
        assert sum(r.damage) == fire + effect_loss


def self_play(options: CardgoOptions, seed: int, max_moves: int = 400):
    state = SPEC.start(options, seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    codes = []
    check(state)
    while not state.is_over and len(codes) < max_moves:
        legal = state.legal_moves()
        move = legal[rng.randbelow(len(legal))]
        nxt = state.apply(move)
        assert state.legal_moves() == legal  # the old state is unchanged
        check(nxt)
        time_step(state, nxt)
        codes.append(move.code)
        state = nxt
    return state, codes


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_st, seed=st.integers(0, 2**32))
def test_random_self_play_keeps_invariants_and_replays(options, seed):
    final, codes = self_play(options, seed)
    record = Record(
        "cardgo",
        {k: v for k, v in vars_of(options).items() if v != vars_of(CardgoOptions())[k]},
        seed,
        tuple(codes),
    )
    assert record.final_state().snapshot() == final.snapshot()


def vars_of(options):
    import attrs

    return attrs.asdict(options)


def test_default_games_finish():
    for seed in range(3):
        final, codes = self_play(CardgoOptions(), seed, max_moves=2000)
        assert final.is_over, final.text()
        assert final.outcome().reason


def test_share_link_round_trip_is_short():
    from webtabletop.core import sharelink

    final, codes = self_play(CardgoOptions(), 7, max_moves=2000)
    record = Record("cardgo", {}, 7, tuple(codes))
    link = sharelink.make_hash(record)
    assert len(link) < 2000
    assert sharelink.decode_link(link).final_state().snapshot() == final.snapshot()
