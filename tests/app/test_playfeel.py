"""The shell's side of the board contract (docs/board.md): what an answer says after a move,
drops as one action, premoves, the hint button and the motion/sound settings."""

import json

import pytest

from tests.app.harness import Page
from webtabletop.app.model.saves import SAVED_GAME, SETTINGS, SETTINGS_KEY, game_key


def step_moves(state):
    """DumaRaj's plain moves (from one square to another) as (from, to, code)."""
    out = []
    for mv in state.legal_moves():
        if mv.kind < 2 and mv.frm != mv.to:  # NORMAL and PROMO (steps and frags), not the flexes
            out.append((mv.frm, mv.to, mv.code))
    return out


def test_a_move_answer_carries_moved_sound_and_status():
    # docs/board.md: "The answer to a move carries `moved`, `sound`, and `status`"
    page = Page(hash_="#/tsifrograd/play?vs=human")
    code = page.cells()[0]
    before = page.state.session.state
    resp = page.send({"type": "move", "code": code})
    assert resp["moved"] is True and resp["sound"] in ("move", "capture", "check", "end")
    view = page.state.session.view
    assert resp["status"] == view.describe_move(before, page.state.session.state, code)
    # read out once through the page's live region (the status line is no live region: it
    # would say it a second time, or not at all once the render replaced it)
    assert resp["announce"][0] == resp["status"]
    assert 'class="status-line" data-key="status-line"' in resp["html"] and 'aria-live="polite" data-key="status-line"' not in resp["html"]
    # a hover (preview) re-render never animates
    assert "moved" not in page.send({"type": "hover", "token": None})
    # review: the status line names the move at the cursor; redo is a move forward again
    page.send({"type": "cmd", "name": "back"})
    assert "moved" not in page.last
    assert page.send({"type": "cmd", "name": "forward"})["moved"] is True


def test_the_ai_move_is_announced_too():
    page = Page(hash_="#/tsifrograd/play?vs=ai")
    page.send({"type": "move", "code": page.cells()[0]})
    resp = page.send({"type": "ai"})
    assert resp["moved"] is True and resp["status"]
    assert resp["status"].replace("'", "&#x27;") in resp["html"] or resp["status"] in resp["html"]


def test_settings_motion_and_sounds_are_remembered_and_validated():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    # sounds and engine details off by default; the computer's reply waits 0.7 s; the theme follows the system
    base = {"motion": True, "sounds": False, "engine": False, "text": False, "reply_delay": 0.7, "theme": "system"}
    assert page.last["feel"] == base
    page.send({"type": "change", "name": "setting:sounds", "value": "true"})
    page.send({"type": "change", "name": "setting:motion", "value": "false"})
    page.send({"type": "change", "name": "setting:reply_delay", "value": "0"})
    assert page.last["feel"] == {**base, "motion": False, "sounds": True, "reply_delay": 0}
    page.send({"type": "change", "name": "setting:theme", "value": "dark"})
    again = Page(storage=page.storage, hash_="#/tsifrograd")
    assert again.last["feel"] == {**base, "motion": False, "sounds": True, "reply_delay": 0, "theme": "dark"}
    assert '<option value="0" selected>at once</option>' in again.last["html"]
    assert '<option value="dark" selected>' in again.last["html"]
    page.send({"type": "change", "name": "setting:reply_delay", "value": "9"})  # not a choice: refused
    assert page.state.settings["reply_delay"] == 0
    assert SETTINGS.validate({"reply_delay": True})["reply_delay"] == 0.7
    again.send({"type": "change", "name": "setting:theme", "value": "purple"})
    assert "no theme called 'purple'" in again.state.session.message  # a clear message, the setting unchanged
    assert json.loads(again.storage[SETTINGS_KEY])["data"]["theme"] == "dark"
    assert SETTINGS.validate({"theme": "purple"})["theme"] == "system"
    assert 'data-change="setting:sounds" data-key="setting-sounds" checked' in again.last["html"]
    # forgiving but bounded: anything but true turns sounds off, anything but false keeps motion
    doc = SETTINGS.validate({"sounds": "yes", "motion": 0})
    assert doc["sounds"] is False and doc["motion"] is True
    page.send({"type": "change", "name": "setting:volume", "value": "true"})
    assert "volume" not in json.loads(page.storage[SETTINGS_KEY])["data"]


def test_a_drop_on_an_already_selected_piece_plays_the_move():
    # "the drop says 'select one of your mobs first'" when the dragged mob was selected
    page = Page(hash_="#/dumaraj/play?vs=human")
    frm, to, code = step_moves(page.state.session.state)[0]
    page.send({"type": "pick", "token": f"s{frm}"})
    assert page.state.session.selection == f"s{frm}"
    plies = len(page.state.session.history.record.moves)
    resp = page.send({"type": "drop", "drag": f"s{frm}", "drop": f"s{to}"})
    assert len(page.state.session.history.record.moves) == plies + 1
    assert resp["moved"] is True and page.state.session.message is None


def test_a_drop_on_a_square_that_is_no_target_leaves_no_selection():
    page = Page(hash_="#/dumaraj/play?vs=human")
    s = page.state.session
    frm, _to, _code = step_moves(s.state)[0]
    targets = {t for f, t, _c in step_moves(s.state) if f == frm}
    wrong = next(q for q in range(len(s.state.cells)) if q not in targets and q != frm)
    page.send({"type": "drop", "drag": f"s{frm}", "drop": f"s{wrong}"})
    assert len(s.history.record.moves) == 0 and s.selection is None


def test_premove_plays_when_legal_and_is_ignored_silently_when_not():
    page = Page(hash_="#/dumaraj/play?vs=ai")
    s = page.state.session
    frm, to, _code = step_moves(s.state)[0]
    page.send({"type": "move", "code": step_moves(s.state)[0][2]})
    assert page.last["ai"] is True and page.last.get("premove") == s.view.premove
    page.send({"type": "ai"})
    mine = step_moves(s.state)
    plies = len(s.history.record.moves)
    # a premove whose target is not legal any more: nothing happens, nothing is said
    page.send({"type": "premove", "drag": f"s{mine[0][0]}", "drop": f"s{mine[0][0]}"})
    assert len(s.history.record.moves) == plies and s.message is None and s.selection is None
    page.send({"type": "premove", "drag": f"s{mine[0][0]}", "drop": f"s{mine[0][1]}"})
    assert len(s.history.record.moves) == plies + 1 and page.last["moved"] is True
    # while the computer is to move, a premove arriving early is not played
    page.send({"type": "premove", "drag": f"s{mine[0][0]}", "drop": f"s{mine[0][1]}"})
    assert len(s.history.record.moves) == plies + 1


def test_hint_names_a_move_marks_the_log_and_is_saved():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    s = page.state.session
    resp = page.send({"type": "cmd", "name": "hint"})
    assert s.hint in page.cells() and resp["status"].startswith("Hint: ")
    assert "moved" not in resp and len(s.history.record.moves) == 0  # a hint plays nothing
    assert s.view.board(s.state, s.context()) is not None and s.context().hint == s.hint
    page.send({"type": "move", "code": s.hint})
    assert s.hints == {0} and 'class="hint-mark"' in page.last["html"]
    saved = json.loads(page.storage[game_key("tsifrograd", s.slot)])["data"]
    assert saved["hints"] == [0]
    again = Page(storage=page.storage, hash_="#/tsifrograd")
    assert again.state.session.hints == {0} and 'class="hint-mark"' in again.last["html"]


def test_a_saved_game_without_hints_still_loads_and_bad_hints_are_refused():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})  # a game is saved from its first move
    key = game_key("tsifrograd", page.state.session.slot)
    doc = json.loads(page.storage[key])
    del doc["data"]["hints"]  # a game saved before this round
    page.storage[key] = json.dumps(doc)
    again = Page(storage=page.storage, hash_="#/tsifrograd")
    assert again.state.session.slot == page.state.session.slot and again.state.session.hints == set()
    for bad in (["0"], [5], [True], "0"):
        with pytest.raises(ValueError):
            SAVED_GAME.validate({**doc["data"], "hints": bad})


def test_hint_is_refused_on_the_computers_turn_and_after_the_game():
    page = Page(hash_="#/tsifrograd/play?vs=ai")
    page.send({"type": "move", "code": page.cells()[0]})
    page.send({"type": "cmd", "name": "hint"})
    assert page.state.session.hint is None and page.state.session.message


def test_esc_closes_the_game_over_window_and_it_can_be_shown_again():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    while page.state.session.outcome() is None:
        page.send({"type": "move", "code": page.cells()[0]})
    assert 'class="result-dialog"' in page.last["html"] and 'data-cmd="dismiss-result"' in page.last["html"]
    page.send({"type": "cmd", "name": "deselect"})  # Esc
    assert 'class="result-dialog"' not in page.last["html"]
    page.send({"type": "cmd", "name": "show-result"})
    assert 'class="result-dialog"' in page.last["html"]


def test_a_new_board_asks_the_page_to_scroll_to_its_top():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    assert page.last.get("top") is True
    assert "top" not in page.send({"type": "move", "code": page.cells()[0]})
    assert page.send({"type": "cmd", "name": "rematch"}).get("top") is True
