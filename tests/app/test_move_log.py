"""The move log by turn, both moves' sentences and engine details (9 and 12)."""

import re

from tests.app.harness import Page
from webtabletop.app.widgets.movelog import LogStep, turns_of


def test_turns_follow_the_games_turn_index_or_the_mover():
    steps = [LogStep("a", 0, 0), LogStep("b", 1, 1), LogStep("defence", 0, 1), LogStep("c", 0, 2)]
    assert turns_of(steps) == [[0], [1, 2], [3]]
    plain = [LogStep("a", 0), LogStep("b", 1), LogStep("c", 1), LogStep("d", 0)]
    assert turns_of(plain) == [[0], [1, 2], [3]]


def _rows(html):
    return re.findall(r'<div class="log-turn p(\d)[^"]*" role="listitem"><span class="turn-no">(\d+)\.</span>(.*?)</ol></div>', html)


def _play_random(page, plies, seed=3):
    import random

    r = random.Random(seed)
    s = page.state.session
    while len(s.history.record.moves) < plies and not s.state.is_over:
        moves = [m for m in s.state.legal_moves() if m.code != "draw"]
        attack = [m for m in moves if m.code.startswith("a")]
        move = attack[0] if attack and r.random() < 0.7 else moves[r.randrange(len(moves))]
        page.send({"type": "move", "code": move.code})
    return s


def test_sht_defence_lands_in_the_attackers_turn():
    # defences landed in the wrong player's column; now one row per turn
    page = Page(hash_="#/sht/play?vs=human")
    s = _play_random(page, 30)
    rows = [(int(owner), re.findall(r'<li class="p(\d)', steps)) for owner, _n, steps in _rows(page.last["html"])]
    assert sum(len(movers) for _o, movers in rows) == len(s.history.record.moves)
    mixed = [(owner, movers) for owner, movers in rows if len(set(movers)) == 2]
    assert mixed, "no defence was played"
    for owner, movers in mixed:  # the attacker's turn holds the defender's answer
        assert movers[0] == str(owner) and movers[1] == str(1 - owner)


def test_tsifrograd_cross_out_shares_the_row_and_both_sentences_stay():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    s = page.state.session
    while len(s.history.record.moves) < 12 and not s.state.is_over:
        page.send({"type": "move", "code": s.state.legal_moves()[-1].code})
    html = page.last["html"]
    h = s.history
    turns = {h.states[i].turn_index() for i in range(len(h.record.moves))}
    assert len(_rows(html)) == len(turns)
    assert html.count('class="status-line status-prev"') == 1  # the move before stays readable
    assert html.count('class="status-line"') == 1


def test_engine_details_show_codes_and_the_search_only_on_request():
    page = Page(hash_="#/htt/play?vs=ai")
    s = page.state.session
    if s.players.is_ai(s.state.to_move()):
        page.send({"type": "ai"})
    page.send({"type": "move", "code": s.state.legal_moves()[0].code})
    page.send({"type": "ai"})
    html = page.last["html"]
    assert "move-code" not in html and "playouts" not in html and "ai-note" not in html
    assert re.search(r"\(\w{6}\)", re.sub(r"<[^>]+>", " ", html.split("class=\"log\"")[1])) is None
    page.send({"type": "change", "name": "setting:engine", "value": "true"})
    html = page.last["html"]
    assert 'class="move-code"' in html and "ai-note" in html
