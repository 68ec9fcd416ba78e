"""The app's actions, fuzzed: whatever the page (or a crafted message to the worker) sends,
:meth:`App.handle` answers with a screen within a second and raises nothing."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.app.harness import Page
from tests.fuzz.strategies import DEADLINE, GAMES, json_values, within_limit
from webtabletop.learn import catalog

#: the lesson screens: the list, each game's first and last lesson, the guided game
LEARN_PAGES = ["learn", "learn/first-game", "learn/x/y"] + sorted(
    {f"learn/{lessons[i].id}" for g in GAMES if (lessons := catalog.lessons(g)) for i in (0, -1)}
)

COMMANDS = [
    "undo", "redo", "back", "forward", "first", "last", "goto", "flip", "reveal", "reveal-all", "dismiss-result",
    "ai-here", "share", "close-share", "copy-link", "export-text", "export-game", "rematch", "clock-check", "export-all", "export-entry",
    "delete-entry", "confirm-delete", "cancel-delete", "dismiss-import", "dismiss-notices", "copy-text", "deselect",
    "lesson-retry",
]  # fmt: skip
value = st.text(max_size=10) | json_values | st.sampled_from(["webtabletop:settings", "-1", "99999", "²"])
action = st.one_of(
    st.builds(lambda n, a: {"type": "cmd", "name": n, "arg": a}, st.sampled_from(COMMANDS), value),
    st.builds(lambda t: {"type": "pick", "token": t}, value),
    st.builds(lambda t: {"type": "move", "code": t}, value),
    st.builds(lambda t, d: {"type": "hover", "token": t, "drag": d}, value, value),
    st.builds(lambda d, t: {"type": "drop", "drag": d, "drop": t}, value, value),
    st.builds(lambda n, v: {"type": "change", "name": n, "value": v}, st.sampled_from(["player0", "player1", "level", "pref:x"]) | st.text(max_size=6), value),
    st.builds(lambda g: {"type": "hash", "hash": f"#/{g}"}, st.sampled_from([*GAMES, "data", "", "x"])),
    st.builds(lambda g, page: {"type": "hash", "hash": f"#/{g}/{page}"}, st.sampled_from(GAMES), st.sampled_from(LEARN_PAGES)),
    st.builds(lambda k, v: {"type": "storage", "key": k, "value": v}, st.sampled_from(["webtabletop:settings", "webtabletop:last:sht"]) | value, value),
    st.builds(lambda t, n: {"type": "import", "text": t, "name": n}, st.text(max_size=30), value),
    st.builds(lambda x: {"type": x, "now": x}, value),
)  # fmt: skip


@settings(max_examples=200, deadline=DEADLINE * 4, suppress_health_check=[HealthCheck.too_slow])
@seed(301)
@given(st.sampled_from(GAMES), st.lists(action, max_size=6))
def test_any_sequence_of_actions_gets_a_screen(game, actions):
    page = Page(hash_=f"#/{game}/play?vs=human")
    for a in actions:
        with within_limit(f"action {a!r}"[:80]):
            page.send(a)
        assert page.last["html"] and json.dumps(page.last)
