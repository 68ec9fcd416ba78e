"""Properties every registered game must keep, checked by random legal play (hypothesis)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webtabletop.core import sharelink
from webtabletop.core.protocol import IllegalMove
from webtabletop.core.record import Record
from webtabletop.core.registry import all_games
from webtabletop.core.rng import Rng

GAMES = [spec.id for spec in all_games()]
MAX_PLIES = 400


def random_record(game_id: str, seed: int, choice_seed: int, plies: int | None = None) -> tuple[Record, list]:
    spec = next(s for s in all_games() if s.id == game_id)
    state = spec.start(seed=seed)
    rng = Rng.from_seed(choice_seed)
    codes = []
    states = [state]
    while not state.is_over and len(codes) < (plies or MAX_PLIES):
        legal = state.legal_moves()
        move = legal[rng.randbelow(len(legal))]
        codes.append(move.code)
        state = state.apply(move)
        states.append(state)
    return Record(game_id, {}, seed, tuple(codes)), states


@pytest.mark.parametrize("game_id", GAMES)
@given(seed=st.integers(0, 2**32 - 1), choice=st.integers(0, 2**32 - 1))
def test_random_play_keeps_protocol_invariants(game_id, seed, choice):
    record, states = random_record(game_id, seed, choice)
    for state in states:
        legal = state.legal_moves()
        assert (len(legal) == 0) == (state.outcome() is not None)
        codes = [m.code for m in legal]
        assert len(codes) == len(set(codes)), "move codes must be unique"
        for m in legal[:5]:
            assert state.move_from_code(m.code) == m
        json.dumps(state.snapshot())  # JSON-able
        if state.outcome() is not None:
            with pytest.raises(IllegalMove):
                state.apply_code("not-a-move")


@pytest.mark.parametrize("game_id", GAMES)
@given(seed=st.integers(0, 2**32 - 1), choice=st.integers(0, 2**32 - 1), cut=st.integers(0, 60))
def test_record_link_record_replay_round_trip(game_id, seed, choice, cut):
    record, states = random_record(game_id, seed, choice)
    record = record.with_moves(record.moves[: min(cut, len(record.moves))]) if cut < 60 else record
    link = sharelink.make_hash(record)
    decoded = sharelink.decode_link("https://example.org/webtabletop/" + link)
    assert decoded == record
    assert decoded.final_state().snapshot() == states[len(record.moves)].snapshot()
    again = Record.loads(record.dumps())
    assert again == record


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_is_deterministic(game_id):
    record, states = random_record(game_id, 1234, 99)
    assert record.final_state().snapshot() == states[-1].snapshot()
    assert record.final_state() == record.final_state()
